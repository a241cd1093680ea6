import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ActivityRecord } from '@common/api-types';
import { RECORDS_PER_CHUNK } from '../src/domain/activityRecord';
import { buildTestApp, describeDb, signUp, testAppForFile, type TestApp } from './helper';
import { addDays, caller, DAY_MS, expectError, manualClock, newLearner, type Caller } from './requests';

const t = testAppForFile();

/** A past day set through the edit dialog: achieved or not, with a few minutes so it has a record. */
const setPastDay = (api: Caller, date: string, achieved: boolean) =>
  api.patch('/api/user/daily-activity', { date, isToday: false, listeningDailyMins: 5, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0, achieved });

// A fixed "today" (a Tuesday) so the streak examples do not depend on the day the tests run.
const TODAY = '2026-03-10';
let clocked: TestApp;
const clock = manualClock(`${TODAY}T12:00:00Z`);
beforeAll(async () => {
  clocked = await buildTestApp({ now: clock.now });
});
afterAll(() => clocked.close());

async function learnerWithId(): Promise<{ api: Caller; userId: number }> {
  const { cookie, email } = await signUp(clocked.app);
  const api = caller(clocked.app, cookie);
  await api.post('/api/user/language', { name: 'Spanish' });
  const user = await clocked.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { api, userId: user.id };
}

const summary = async (api: Caller, today = TODAY) => (await api.get(`/api/user/calendar/summary?today=${today}`)).json();

describeDb('GET /api/user/daily-activity/all?from=&to=', () => {
  it('answers only the records in the inclusive range, sorted by date; without parameters every record', async () => {
    const api = await newLearner(clocked.app);
    for (const offset of [-40, -31, -30, -3, -1]) await setPastDay(api, addDays(TODAY, offset), true);
    const dates = async (query: string) => (await api.get(`/api/user/daily-activity/all${query}`)).json<ActivityRecord[]>().map((r) => r.date);
    expect(await dates(`?from=${addDays(TODAY, -31)}&to=${addDays(TODAY, -3)}`)).toEqual([addDays(TODAY, -31), addDays(TODAY, -30), addDays(TODAY, -3)]);
    expect(await dates(`?from=${addDays(TODAY, -3)}`)).toEqual([addDays(TODAY, -3), addDays(TODAY, -1)]);
    expect(await dates(`?to=${addDays(TODAY, -40)}`)).toEqual([addDays(TODAY, -40)]);
    expect(await dates('')).toHaveLength(5);
    expect(await dates(`?from=${TODAY}&to=${TODAY}`)).toEqual([]);
  });

  it('"from" after "to" is 400 INVALID_INPUT, and so is an impossible date', async () => {
    const api = await newLearner(clocked.app);
    expectError(await api.get('/api/user/daily-activity/all?from=2026-03-02&to=2026-03-01'), 400, 'INVALID_INPUT');
    expectError(await api.get('/api/user/daily-activity/all?from=2026-02-30'), 400, 'INVALID_INPUT');
  });

  it('judges each day of a range against the goal in force on that day', async () => {
    const dayClock = manualClock('2026-04-01T12:00:00Z');
    const h = await buildTestApp({ now: dayClock.now });
    try {
      const api = await newLearner(h.app);
      await api.post('/api/user/daily-activity', { date: '2026-04-01', readingDailyMins: 40 });
      dayClock.advance(DAY_MS);
      await api.post('/api/user/daily-goal', { dailyGoalMinutes: 60, date: '2026-04-02' });
      await api.post('/api/user/daily-activity', { date: '2026-04-02', readingDailyMins: 40 });
      const achieved = async (query: string) =>
        (await api.get(`/api/user/daily-activity/all${query}`)).json<ActivityRecord[]>().map((r) => [r.date, r.achieved]);
      expect(await achieved('?from=2026-04-01&to=2026-04-02')).toEqual([['2026-04-01', true], ['2026-04-02', false]]);
      expect(await achieved('?from=2026-04-02')).toEqual([['2026-04-02', false]]);
      expect(await achieved('?to=2026-04-01')).toEqual([['2026-04-01', true]]);
    } finally {
      await h.close();
    }
  });

  it(`answers a history longer than one chunk (${RECORDS_PER_CHUNK} days) whole, in order, as valid JSON`, async () => {
    const { api, userId } = await learnerWithId();
    const days = Array.from({ length: 2 * RECORDS_PER_CHUNK + 7 }, (_, i) => addDays('2022-01-01', i));
    await clocked.db
      .insertInto('daily_activity')
      .values(days.map((date, i) => ({ user_id: userId, language: 'Spanish', date, listening: i % 60, reading: 0, speaking: 0, writing: 0, achieved_override: null })))
      .execute();
    const all = (await api.get('/api/user/daily-activity/all')).json<ActivityRecord[]>();
    expect(all.map((r) => r.date)).toEqual(days);
    expect(all.filter((r) => r.achieved)).toHaveLength(days.filter((_, i) => i % 60 >= 30).length);
    const range = (await api.get(`/api/user/daily-activity/all?from=${days[1]}&to=${days[RECORDS_PER_CHUNK + 1]}`)).json<ActivityRecord[]>();
    expect(range.map((r) => r.date)).toEqual(days.slice(1, RECORDS_PER_CHUNK + 2));
  });

  it("reads only the signed-in learner's records", async () => {
    const mine = await newLearner(clocked.app);
    const theirs = await newLearner(clocked.app);
    await setPastDay(theirs, addDays(TODAY, -1), true);
    expect((await mine.get(`/api/user/daily-activity/all?from=${addDays(TODAY, -5)}&to=${TODAY}`)).json()).toEqual([]);
  });
});

describeDb('GET /api/user/calendar/summary', () => {
  it('answers null and zeros before a language is chosen and before the first record', async () => {
    const visitor = caller(clocked.app, (await signUp(clocked.app)).cookie);
    expect(await summary(visitor)).toEqual({ firstActivityDate: null, streakDays: 0, longestStreakDays: 0 });
    expect(await summary(await newLearner(clocked.app))).toEqual({ firstActivityDate: null, streakDays: 0, longestStreakDays: 0 });
  });

  it('firstActivityDate is the earliest recorded day, achieved or not', async () => {
    const api = await newLearner(clocked.app);
    await setPastDay(api, addDays(TODAY, -20), false);
    await setPastDay(api, addDays(TODAY, -2), true);
    expect((await summary(api)).firstActivityDate).toBe(addDays(TODAY, -20));
  });

  it('the streak counts achieved days ending today; today not yet achieved gives 0', async () => {
    const api = await newLearner(clocked.app);
    for (const offset of [-3, -2, -1]) await setPastDay(api, addDays(TODAY, offset), true);
    expect(await summary(api)).toMatchObject({ streakDays: 0, longestStreakDays: 3 });
    await api.post('/api/user/daily-activity', { date: TODAY, writingDailyMins: 30 });
    expect(await summary(api)).toMatchObject({ streakDays: 4, longestStreakDays: 4 });
  });

  it('a gap ends the run, and the longest run is kept apart from the current one', async () => {
    const api = await newLearner(clocked.app);
    for (const offset of [-12, -11, -10, -9, -8, -2, -1, 0]) {
      if (offset === 0) await api.post('/api/user/daily-activity', { date: TODAY, writingDailyMins: 30 });
      else await setPastDay(api, addDays(TODAY, offset), true);
    }
    await setPastDay(api, addDays(TODAY, -5), false);
    expect(await summary(api)).toEqual({ firstActivityDate: addDays(TODAY, -12), streakDays: 3, longestStreakDays: 5 });
  });

  it('follows an edit of a long-past day at once (nothing stale is remembered)', async () => {
    const api = await newLearner(clocked.app);
    for (let offset = -30; offset <= -1; offset += 1) await setPastDay(api, addDays(TODAY, offset), true);
    expect(await summary(api)).toMatchObject({ streakDays: 0, longestStreakDays: 30 });
    await setPastDay(api, addDays(TODAY, -20), false);
    expect(await summary(api)).toMatchObject({ streakDays: 0, longestStreakDays: 19 });
    expect(await summary(api, addDays(TODAY, -1))).toMatchObject({ streakDays: 19, longestStreakDays: 19 });
    expect(await summary(api, addDays(TODAY, -21))).toMatchObject({ streakDays: 10, longestStreakDays: 10 });
  });

  it('the days after the first record count from it: one achieved first day today is a streak of 1', async () => {
    const api = await newLearner(clocked.app);
    await api.post('/api/user/daily-activity', { date: TODAY, listeningDailyMins: 30 });
    expect(await summary(api)).toEqual({ firstActivityDate: TODAY, streakDays: 1, longestStreakDays: 1 });
  });

  it('?today is required, real, from 2000-01-01 and not after tomorrow', async () => {
    const api = await newLearner(clocked.app);
    expectError(await api.get('/api/user/calendar/summary'), 400, 'INVALID_INPUT');
    expectError(await api.get('/api/user/calendar/summary?today=2026-02-30'), 400, 'INVALID_INPUT');
    expectError(await api.get('/api/user/calendar/summary?today=1999-12-31'), 400, 'INVALID_INPUT');
    expectError(await api.get(`/api/user/calendar/summary?today=${addDays(TODAY, 2)}`), 400, 'FUTURE_DATE');
  });
});

describeDb('dates from 2000-01-01 only', () => {
  it('an edit of a day before 2000-01-01 is 400 INVALID_INPUT naming the bound, and nothing is stored', async () => {
    const api = await newLearner(t.app);
    const res = await setPastDay(api, '1999-12-31', true);
    expectError(res, 400, 'INVALID_INPUT');
    expect(res.json().message).toContain('2000-01-01');
    expect((await setPastDay(api, '1000-01-01', true)).statusCode).toBe(400);
    expect((await setPastDay(api, '2000-01-01', true)).statusCode).toBe(200);
    expect((await api.get('/api/user/daily-activity/all')).json<ActivityRecord[]>().map((r) => r.date)).toEqual(['2000-01-01']);
  });

  it('a goal dated before 2000-01-01 is 400 INVALID_INPUT naming the bound', async () => {
    const res = await (await newLearner(t.app)).post('/api/user/daily-goal', { dailyGoalMinutes: 60, date: '1999-06-01' });
    expectError(res, 400, 'INVALID_INPUT');
    expect(res.json().message).toContain('2000-01-01');
  });

  it('days stored before the rule (earlier than 2000) keep working in every read', async () => {
    const { api, userId } = await learnerWithId();
    await clocked.db
      .insertInto('daily_activity')
      .values({ user_id: userId, language: 'Spanish', date: '1000-01-01', listening: 40, reading: 0, speaking: 0, writing: 0, achieved_override: null })
      .execute();
    expect((await api.get('/api/user/daily-activity/all')).json<ActivityRecord[]>()).toMatchObject([{ date: '1000-01-01', achieved: true }]);
    expect(await summary(api)).toEqual({ firstActivityDate: '1000-01-01', streakDays: 0, longestStreakDays: 1 });
  });
});

describeDb('a daily goal is saved for today only, one entry a day', () => {
  it('a goal for an earlier day is 400 INVALID_INPUT and keeps the goal', async () => {
    const api = await newLearner(clocked.app);
    expectError(await api.post('/api/user/daily-goal', { dailyGoalMinutes: 60, date: addDays(TODAY, -2) }), 400, 'INVALID_INPUT');
    expect((await api.get('/api/user/daily-goal')).json()).toEqual({ dailyGoalMinutes: 30 });
  });

  it("yesterday and tomorrow count as today (time zones), and saving twice a day keeps one entry for it", async () => {
    const { api, userId } = await learnerWithId();
    // With a day logged: before any, a saved goal is the first goal and holds for every day (goal.test.ts).
    expect((await api.post('/api/user/daily-activity', { date: TODAY, listeningDailyMins: 5 })).statusCode).toBeLessThan(300);
    for (const date of [addDays(TODAY, -1), addDays(TODAY, 1)]) {
      expect((await api.post('/api/user/daily-goal', { dailyGoalMinutes: 45, date })).statusCode).toBe(200);
    }
    for (const minutes of [50, 55, 60]) await api.post('/api/user/daily-goal', { dailyGoalMinutes: minutes, date: TODAY });
    const entries = await clocked.db.selectFrom('daily_goals').select(['effective_from', 'minutes']).where('user_id', '=', userId).orderBy('effective_from').execute();
    expect(entries.filter((e) => e.effective_from >= addDays(TODAY, -1)).map((e) => [e.effective_from, Number(e.minutes)])).toEqual([
      [addDays(TODAY, -1), 45],
      [TODAY, 60],
    ]);
    expect((await api.get('/api/user/daily-goal')).json()).toEqual({ dailyGoalMinutes: 60 });
  });
});
