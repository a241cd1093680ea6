import { expect, it } from 'vitest';
import type { ActivityRecord } from '@common/api-types';
import { DEFAULT_DAILY_GOAL_MINUTES, GOAL_MAX_MINUTES, GOAL_MIN_MINUTES, GOAL_STEP_MINUTES } from '@common/domain';
import { buildTestApp, describeDb, signUp, testAppForFile, todayIso } from './helper';
import { addDays, caller, DAY_MS, expectError, manualClock, newLearner } from './requests';

const t = testAppForFile();
const learner = (language?: string) => newLearner(t.app, language);

describeDb('daily goal', () => {
  it('reads the default goal before any language is chosen, and saving then is 409 NO_LANGUAGE', async () => {
    const api = caller(t.app, (await signUp(t.app)).cookie);
    expect((await api.get('/api/user/daily-goal')).json()).toEqual({ dailyGoalMinutes: DEFAULT_DAILY_GOAL_MINUTES });
    expectError(await api.post('/api/user/daily-goal', { dailyGoalMinutes: 60, date: todayIso() }), 409, 'NO_LANGUAGE');
  });

  it.each([GOAL_MIN_MINUTES, 45, GOAL_MAX_MINUTES])('saves a valid goal of %i minutes and answers it', async (minutes) => {
    const api = await learner();
    const res = await api.post('/api/user/daily-goal', { dailyGoalMinutes: minutes, date: todayIso() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ dailyGoalMinutes: minutes });
    expect((await api.get('/api/user/daily-goal')).json()).toEqual({ dailyGoalMinutes: minutes });
  });

  it.each([
    ['below the minimum', GOAL_MIN_MINUTES - GOAL_STEP_MINUTES],
    ['above the maximum', GOAL_MAX_MINUTES + GOAL_STEP_MINUTES],
    ['not a multiple of 5', GOAL_MIN_MINUTES + 1],
    ['not an integer', 30.5],
    ['a numeric string', '30'],
    ['negative', -30],
  ])('rejects a goal %s with 400 INVALID_INPUT and keeps the old goal', async (_rule, minutes) => {
    const api = await learner();
    expectError(await api.post('/api/user/daily-goal', { dailyGoalMinutes: minutes, date: todayIso() }), 400, 'INVALID_INPUT');
    expect((await api.get('/api/user/daily-goal')).json()).toEqual({ dailyGoalMinutes: DEFAULT_DAILY_GOAL_MINUTES });
  });

  it('accepts tomorrow as "today" (time zones ahead of UTC) but a later date is 400 FUTURE_DATE', async () => {
    const api = await learner();
    expect((await api.post('/api/user/daily-goal', { dailyGoalMinutes: 40, date: addDays(todayIso(), 1) })).statusCode).toBe(200);
    expectError(
      await api.post('/api/user/daily-goal', { dailyGoalMinutes: 50, date: addDays(todayIso(), 2) }),
      400,
      'FUTURE_DATE',
    );
    expect((await api.get('/api/user/daily-goal')).json()).toEqual({ dailyGoalMinutes: 40 });
  });

  it.each(['2023-02-29', '2024-1-1', 'today', ''])('rejects the impossible date "%s" with 400 INVALID_INPUT', async (date) => {
    const api = await learner();
    expectError(await api.post('/api/user/daily-goal', { dailyGoalMinutes: 60, date }), 400, 'INVALID_INPUT');
  });

  it("recomputes today's achieved when the goal changes", async () => {
    const api = await learner();
    const date = todayIso();
    await api.post('/api/user/daily-activity', { date, listeningDailyMins: 40 });
    const achievedToday = async () =>
      (await api.get('/api/user/daily-activity/all')).json<ActivityRecord[]>().find((r) => r.date === date)?.achieved;
    expect(await achievedToday()).toBe(true);
    await api.post('/api/user/daily-goal', { dailyGoalMinutes: 60, date });
    expect(await achievedToday()).toBe(false);
    await api.post('/api/user/daily-goal', { dailyGoalMinutes: 40, date });
    expect(await achievedToday()).toBe(true);
  });
});

describeDb('goal history', () => {
  it('GET /daily-goal?date=D answers the goal in force that day (the edit modal follows it)', async () => {
    const clock = manualClock('2025-04-14T12:00:00Z');
    const h = await buildTestApp({ now: clock.now, sessionIdleMs: 30 * DAY_MS, sessionAbsoluteMs: 60 * DAY_MS });
    try {
      const api = await newLearner(h.app);
      const dayOne = clock.today();
      // A day logged first: a goal saved before any is the first goal, which holds for every earlier day.
      await api.post('/api/user/daily-activity', { date: dayOne, listeningDailyMins: 5 });
      clock.advance(DAY_MS);
      await api.post('/api/user/daily-goal', { dailyGoalMinutes: 60, date: clock.today() });
      expect((await api.get(`/api/user/daily-goal?date=${dayOne}`)).json()).toEqual({ dailyGoalMinutes: DEFAULT_DAILY_GOAL_MINUTES });
      expect((await api.get(`/api/user/daily-goal?date=${clock.today()}`)).json()).toEqual({ dailyGoalMinutes: 60 });
      expect((await api.get('/api/user/daily-goal')).json()).toEqual({ dailyGoalMinutes: 60 });
      expectError(await api.get('/api/user/daily-goal?date=1999-12-31'), 400, 'INVALID_INPUT');
    } finally {
      await h.close();
    }
  });

  it("changing the goal today never changes an earlier day's achieved, and past edits use the goal of their day", async () => {
    const clock = manualClock('2025-04-14T12:00:00Z');
    const h = await buildTestApp({ now: clock.now, sessionIdleMs: 30 * DAY_MS, sessionAbsoluteMs: 60 * DAY_MS });
    try {
      const api = await newLearner(h.app);
      const dayOne = clock.today();
      await api.post('/api/user/daily-activity', { date: dayOne, speakingDailyMins: 40 });

      clock.advance(DAY_MS);
      const dayTwo = clock.today();
      await api.post('/api/user/daily-goal', { dailyGoalMinutes: 60, date: dayTwo });
      await api.post('/api/user/daily-activity', { date: dayTwo, speakingDailyMins: 40 });

      const achieved = async () =>
        Object.fromEntries((await api.get('/api/user/daily-activity/all')).json<ActivityRecord[]>().map((r) => [r.date, r.achieved]));
      expect(await achieved()).toEqual({ [dayOne]: true, [dayTwo]: false });

      const edit = { isToday: false, listeningDailyMins: 0, readingDailyMins: 0, speakingDailyMins: 35, writingDailyMins: 0 };
      expect((await api.patch('/api/user/daily-activity', { ...edit, date: dayOne })).json().achieved).toBe(true);
      expect(await achieved()).toEqual({ [dayOne]: true, [dayTwo]: false });
    } finally {
      await h.close();
    }
  });
});

describeDb('GET /api/user/daily-goal/by-language', () => {
  it("answers another chosen language's goal without switching to it", async () => {
    const api = await learner('Spanish');
    await api.post('/api/user/daily-goal', { dailyGoalMinutes: 90, date: todayIso() });
    await api.post('/api/user/language', { name: 'French' });
    expect((await api.get('/api/user/daily-goal/by-language?language=Spanish')).json()).toEqual({ dailyGoalMinutes: 90 });
    expect((await api.get('/api/user/language')).json()).toEqual({ name: 'French' });
  });

  it('answers the default for a valid language never chosen', async () => {
    const api = await learner();
    const res = await api.get('/api/user/daily-goal/by-language?language=Portuguese');
    expect(res.json()).toEqual({ dailyGoalMinutes: DEFAULT_DAILY_GOAL_MINUTES });
    expect((await api.get('/api/user/progress')).json().languages).toEqual([{ name: 'Spanish' }]);
  });

  it('handles a URL-encoded name with spaces and brackets', async () => {
    const api = await learner('Chinese (Mandarin)');
    await api.post('/api/user/daily-goal', { dailyGoalMinutes: 15, date: todayIso() });
    const res = await api.get(`/api/user/daily-goal/by-language?language=${encodeURIComponent('Chinese (Mandarin)')}`);
    expect(res.json()).toEqual({ dailyGoalMinutes: 15 });
  });

  it('an unknown language is 400 UNKNOWN_LANGUAGE and a missing one 400 INVALID_INPUT', async () => {
    const api = await learner();
    expectError(await api.get('/api/user/daily-goal/by-language?language=Klingon'), 400, 'UNKNOWN_LANGUAGE');
    expectError(await api.get('/api/user/daily-goal/by-language'), 400, 'INVALID_INPUT');
  });
});

describeDb('the first goal holds for every earlier day', () => {
  const history = async (api: Awaited<ReturnType<typeof learner>>) => {
    const file = (await api.get('/api/user/export?format=json')).json<{ languages: { goalHistory: { from: string; dailyGoalMinutes: number }[] }[] }>();
    return file.languages[0].goalHistory;
  };

  it('a goal saved before any day is logged (onboarding) replaces the default 30 for every earlier day', async () => {
    const api = await learner();
    await api.post('/api/user/daily-goal', { dailyGoalMinutes: 60, date: todayIso() });
    expect(await history(api)).toEqual([{ from: '2000-01-01', dailyGoalMinutes: 60 }]);
  });

  it('once a day is logged, a new goal holds from its date on and earlier days keep theirs', async () => {
    const api = await learner();
    await api.post('/api/user/daily-goal', { dailyGoalMinutes: 60, date: todayIso() });
    expect((await api.post('/api/user/daily-activity', { date: todayIso(), listeningDailyMins: 5 })).statusCode).toBeLessThan(300);
    await api.post('/api/user/daily-goal', { dailyGoalMinutes: 45, date: todayIso() });
    expect(await history(api)).toEqual([
      { from: '2000-01-01', dailyGoalMinutes: 60 },
      { from: todayIso(), dailyGoalMinutes: 45 },
    ]);
  });
});
