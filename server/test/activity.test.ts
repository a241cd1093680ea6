import { expect, it } from 'vitest';
import type { ActivityRecord, DailyMinutes } from '@common/api-types';
import {
  ADD_MINUTES_MAX,
  ADD_MINUTES_MIN,
  DAILY_SKILL_LIMIT_MINS,
  DAILY_TOTAL_LIMIT_MINS,
  DEFAULT_DAILY_GOAL_MINUTES,
} from '@common/domain';
import { describeDb, signUp, testAppForFile, todayIso, withLanguage } from './helper';
import { addDays, caller, expectError, newLearner } from './requests';

const t = testAppForFile();
const learner = (language?: string) => newLearner(t.app, language);

const ZERO_DAY: DailyMinutes = {
  totalDailyMins: 0,
  listeningDailyMins: 0,
  readingDailyMins: 0,
  speakingDailyMins: 0,
  writingDailyMins: 0,
};

describeDb('GET /api/user/daily-activity', () => {
  it('answers zeros for a day without a record, before and after choosing a language', async () => {
    const { cookie } = await signUp(t.app);
    const api = caller(t.app, cookie);
    expect((await api.get(`/api/user/daily-activity?date=${todayIso()}`)).json()).toEqual(ZERO_DAY);
    expect((await api.get('/api/user/daily-activity/all')).json()).toEqual([]);
    await withLanguage(t.app, cookie);
    expect((await api.get(`/api/user/daily-activity?date=${addDays(todayIso(), -3)}`)).json()).toEqual(ZERO_DAY);
  });

  it.each(['2023-02-29', '2024-1-1', '2024-13-01', 'yesterday'])('rejects the impossible date "%s" with 400', async (date) => {
    const api = await learner();
    expectError(await api.get(`/api/user/daily-activity?date=${date}`), 400, 'INVALID_INPUT');
  });

  it('requires the date query', async () => {
    expectError(await (await learner()).get('/api/user/daily-activity'), 400, 'INVALID_INPUT');
  });
});

describeDb('POST /api/user/daily-activity adds minutes', () => {
  it('adds to one skill, answers the day record, and the day total is the sum of the skills', async () => {
    const api = await learner();
    const date = todayIso();
    await api.post('/api/user/daily-activity', { date, listeningDailyMins: 20 });
    const res = await api.post('/api/user/daily-activity', { date, listeningDailyMins: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      date,
      achieved: false,
      listeningDailyMins: 25,
      readingDailyMins: 0,
      speakingDailyMins: 0,
      writingDailyMins: 0,
    });
    await api.post('/api/user/daily-activity', { date, writingDailyMins: 10 });
    expect((await api.get(`/api/user/daily-activity?date=${date}`)).json()).toEqual({
      ...ZERO_DAY,
      totalDailyMins: 35,
      listeningDailyMins: 25,
      writingDailyMins: 10,
    });
  });

  it('marks the day achieved once the total reaches the goal', async () => {
    const api = await learner();
    const date = todayIso();
    const first = await api.post('/api/user/daily-activity', { date, readingDailyMins: DEFAULT_DAILY_GOAL_MINUTES - 1 });
    expect(first.json().achieved).toBe(false);
    const second = await api.post('/api/user/daily-activity', { date, speakingDailyMins: 1 });
    expect(second.json().achieved).toBe(true);
  });

  it.each([
    ['no skill', {}],
    ['two skills', { listeningDailyMins: 5, readingDailyMins: 5 }],
    ['zero minutes', { listeningDailyMins: ADD_MINUTES_MIN - 1 }],
    ['negative minutes', { listeningDailyMins: -5 }],
    ['more than a day of minutes', { listeningDailyMins: ADD_MINUTES_MAX + 1 }],
    ['fractional minutes', { listeningDailyMins: 1.5 }],
    ['minutes as a string', { listeningDailyMins: '10' }],
    ['an unknown skill', { cookingDailyMins: 10 }],
  ])('rejects an add with %s as 400 INVALID_INPUT and changes nothing', async (_rule, fields) => {
    const api = await learner();
    const date = todayIso();
    expectError(await api.post('/api/user/daily-activity', { date, ...fields }), 400, 'INVALID_INPUT');
    expect((await api.get(`/api/user/daily-activity?date=${date}`)).json()).toEqual(ZERO_DAY);
  });

  it('accepts tomorrow as "today" for learners ahead of UTC; later dates are 400 FUTURE_DATE', async () => {
    const api = await learner();
    const tomorrow = addDays(todayIso(), 1);
    expect((await api.post('/api/user/daily-activity', { date: tomorrow, readingDailyMins: 5 })).statusCode).toBe(200);
    expectError(
      await api.post('/api/user/daily-activity', { date: addDays(todayIso(), 2), readingDailyMins: 5 }),
      400,
      'FUTURE_DATE',
    );
  });

  it.each(['2023-02-29', '2024-1-1'])('rejects an add on the impossible date %s', async (date) => {
    expectError(await (await learner()).post('/api/user/daily-activity', { date, readingDailyMins: 5 }), 400, 'INVALID_INPUT');
  });

  it('is 409 NO_LANGUAGE before a language is chosen', async () => {
    const api = caller(t.app, (await signUp(t.app)).cookie);
    expectError(await api.post('/api/user/daily-activity', { date: todayIso(), readingDailyMins: 5 }), 409, 'NO_LANGUAGE');
  });
});

describeDb('daily limits on adds', () => {
  it('one skill may reach 960 minutes a day; one more minute is DAILY_TIME_EXCEEDED and changes nothing', async () => {
    const api = await learner();
    const date = todayIso();
    await api.post('/api/user/daily-activity', { date, listeningDailyMins: DAILY_SKILL_LIMIT_MINS - 10 });
    expect((await api.post('/api/user/daily-activity', { date, listeningDailyMins: 10 })).statusCode).toBe(200);
    expectError(await api.post('/api/user/daily-activity', { date, listeningDailyMins: 1 }), 400, 'DAILY_TIME_EXCEEDED');
    expect((await api.get(`/api/user/daily-activity?date=${date}`)).json().listeningDailyMins).toBe(DAILY_SKILL_LIMIT_MINS);
  });

  it('a single add above the skill limit is DAILY_TIME_EXCEEDED', async () => {
    const api = await learner();
    const res = await api.post('/api/user/daily-activity', { date: todayIso(), writingDailyMins: DAILY_SKILL_LIMIT_MINS + 1 });
    expectError(res, 400, 'DAILY_TIME_EXCEEDED');
  });

  it('the four skills may reach 1440 minutes together; beyond is TOTAL_DAILY_TIME_EXCEEDED and changes nothing', async () => {
    const api = await learner();
    const date = todayIso();
    const rest = DAILY_TOTAL_LIMIT_MINS - DAILY_SKILL_LIMIT_MINS;
    await api.post('/api/user/daily-activity', { date, listeningDailyMins: DAILY_SKILL_LIMIT_MINS });
    expect((await api.post('/api/user/daily-activity', { date, readingDailyMins: rest })).statusCode).toBe(200);
    const res = await api.post('/api/user/daily-activity', { date, speakingDailyMins: 1 });
    expectError(res, 400, 'TOTAL_DAILY_TIME_EXCEEDED');
    expect(res.json().message).not.toMatch(/[A-Z]{2,}_[A-Z]+/);
    expect((await api.get(`/api/user/daily-activity?date=${date}`)).json().totalDailyMins).toBe(DAILY_TOTAL_LIMIT_MINS);
  });
});

describeDb('concurrent adds', () => {
  it('50 parallel adds never lose a minute', async () => {
    const api = await learner();
    const date = todayIso();
    const skills = ['listeningDailyMins', 'readingDailyMins', 'speakingDailyMins', 'writingDailyMins'];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => api.post('/api/user/daily-activity', { date, [skills[i % 4]]: 10 })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect((await api.get(`/api/user/daily-activity?date=${date}`)).json()).toEqual({
      totalDailyMins: 500,
      listeningDailyMins: 130,
      readingDailyMins: 130,
      speakingDailyMins: 120,
      writingDailyMins: 120,
    });
  });

  it('parallel adds to one skill stop exactly at the skill limit', async () => {
    const api = await learner();
    const date = todayIso();
    const step = 30;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => api.post('/api/user/daily-activity', { date, speakingDailyMins: step })),
    );
    const accepted = results.filter((r) => r.statusCode === 200).length;
    expect(accepted).toBe(DAILY_SKILL_LIMIT_MINS / step);
    for (const r of results.filter((x) => x.statusCode !== 200)) expectError(r, 400, 'DAILY_TIME_EXCEEDED');
    expect((await api.get(`/api/user/daily-activity?date=${date}`)).json().speakingDailyMins).toBe(DAILY_SKILL_LIMIT_MINS);
  });

  it('parallel adds across skills stop exactly at the daily total limit', async () => {
    const api = await learner();
    const date = todayIso();
    const skills = ['listeningDailyMins', 'readingDailyMins', 'speakingDailyMins', 'writingDailyMins'];
    const step = 40;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => api.post('/api/user/daily-activity', { date, [skills[i % 4]]: step })),
    );
    const accepted = results.filter((r) => r.statusCode === 200).length;
    expect(accepted).toBe(DAILY_TOTAL_LIMIT_MINS / step);
    const day = (await api.get(`/api/user/daily-activity?date=${date}`)).json<DailyMinutes>();
    expect(day.totalDailyMins).toBe(DAILY_TOTAL_LIMIT_MINS);
    const all = (await api.get('/api/user/daily-activity/all')).json<ActivityRecord[]>();
    expect(all).toHaveLength(1);
  });
});
