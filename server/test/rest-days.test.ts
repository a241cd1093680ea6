import { afterAll, beforeAll, expect, it } from 'vitest';
import { REST_PERIOD_MAX_DAYS, REST_PERIOD_MAX_DAYS_AHEAD, REST_PERIODS_MAX } from '@common/schemas/restDays';
import { buildTestApp, describeDb, type TestApp } from './helper';
import { addDays, expectError, manualClock, newLearner, type Caller } from './requests';

// 2026-03-10 is a Tuesday; 2026-03-08 the Sunday before it.
const TODAY = '2026-03-10';
const SUNDAY = 0;
const TUESDAY = 2;
let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp({ now: manualClock(`${TODAY}T12:00:00Z`).now });
});
afterAll(() => h.close());

const setPastDay = (api: Caller, date: string, achieved: boolean) =>
  api.patch('/api/user/daily-activity', { date, isToday: false, listeningDailyMins: 5, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0, achieved });
const achieveDays = async (api: Caller, from: string, to: string) => {
  for (let date = from; date <= to; date = addDays(date, 1)) await setPastDay(api, date, true);
};
const achieveToday = (api: Caller) => api.post('/api/user/daily-activity', { date: TODAY, speakingDailyMins: 30 });
const summary = async (api: Caller) => (await api.get(`/api/user/calendar/summary?today=${TODAY}`)).json();

describeDb('GET and POST /api/user/rest-days', () => {
  it('has no rest days by default', async () => {
    expect((await (await newLearner(h.app)).get('/api/user/rest-days')).json()).toEqual({ weekdays: [], periods: [] });
  });

  it('saves weekdays and breaks, answers the saved value, and GET reads it back; a later save replaces it', async () => {
    const api = await newLearner(h.app);
    const value = { weekdays: [6, 0], periods: [{ from: '2026-02-01', to: '2026-02-07' }, { from: '2025-12-24', to: '2026-01-01' }] };
    const saved = { weekdays: [0, 6], periods: [{ from: '2025-12-24', to: '2026-01-01' }, { from: '2026-02-01', to: '2026-02-07' }] };
    const res = await api.post('/api/user/rest-days', value);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(saved);
    expect((await api.get('/api/user/rest-days')).json()).toEqual(saved);
    expect((await api.post('/api/user/rest-days', { weekdays: [], periods: [] })).json()).toEqual({ weekdays: [], periods: [] });
    expect((await api.get('/api/user/rest-days')).json()).toEqual({ weekdays: [], periods: [] });
  });

  it("one learner's rest days are theirs alone", async () => {
    const mine = await newLearner(h.app);
    await mine.post('/api/user/rest-days', { weekdays: [SUNDAY], periods: [] });
    expect((await (await newLearner(h.app)).get('/api/user/rest-days')).json()).toEqual({ weekdays: [], periods: [] });
  });

  const longPeriods = Array.from({ length: REST_PERIODS_MAX + 1 }, (_, i) => ({ from: addDays('2024-01-01', i * 2), to: addDays('2024-01-01', i * 2) }));
  it.each([
    ['a weekday named twice', { weekdays: [1, 1], periods: [] }],
    ['all seven weekdays', { weekdays: [0, 1, 2, 3, 4, 5, 6], periods: [] }],
    ['a weekday out of 0..6', { weekdays: [7], periods: [] }],
    ['a break that ends before it starts', { weekdays: [], periods: [{ from: '2026-02-10', to: '2026-02-09' }] }],
    [`a break of ${REST_PERIOD_MAX_DAYS + 1} days`, { weekdays: [], periods: [{ from: '2025-01-01', to: addDays('2025-01-01', REST_PERIOD_MAX_DAYS) }] }],
    [`${REST_PERIODS_MAX + 1} breaks`, { weekdays: [], periods: longPeriods }],
    ['a break before 2000-01-01', { weekdays: [], periods: [{ from: '1999-12-31', to: '2000-01-02' }] }],
    ['an impossible date', { weekdays: [], periods: [{ from: '2026-02-30', to: '2026-03-01' }] }],
    ['a missing field', { weekdays: [] }],
  ])('rejects %s with 400 INVALID_INPUT and keeps the saved value', async (_rule, body) => {
    const api = await newLearner(h.app);
    await api.post('/api/user/rest-days', { weekdays: [3], periods: [] });
    expectError(await api.post('/api/user/rest-days', body), 400, 'INVALID_INPUT');
    expect((await api.get('/api/user/rest-days')).json()).toEqual({ weekdays: [3], periods: [] });
  });

  it(`accepts six weekdays and a break of exactly ${REST_PERIOD_MAX_DAYS} days`, async () => {
    const api = await newLearner(h.app);
    const body = { weekdays: [0, 1, 2, 3, 4, 5], periods: [{ from: '2025-01-01', to: addDays('2025-01-01', REST_PERIOD_MAX_DAYS - 1) }] };
    expect((await api.post('/api/user/rest-days', body)).statusCode).toBe(200);
  });

  it(`a planned break (next month's holiday, up to ${REST_PERIOD_MAX_DAYS_AHEAD} days after today) is saved and read back`, async () => {
    const api = await newLearner(h.app);
    const body = { weekdays: [], periods: [{ from: addDays(TODAY, 30), to: addDays(TODAY, 44) }, { from: addDays(TODAY, 300), to: addDays(TODAY, REST_PERIOD_MAX_DAYS_AHEAD) }] };
    const res = await api.post('/api/user/rest-days', body);
    expect(res.statusCode, res.body).toBe(200);
    expect((await api.get('/api/user/rest-days')).json()).toEqual(body);
  });

  it(`a break ending more than ${REST_PERIOD_MAX_DAYS_AHEAD} days after every learner's today is 400 FUTURE_DATE naming the bound`, async () => {
    const api = await newLearner(h.app);
    const res = await api.post('/api/user/rest-days', { weekdays: [], periods: [{ from: TODAY, to: addDays(TODAY, REST_PERIOD_MAX_DAYS_AHEAD + 2) }] });
    expectError(res, 400, 'FUTURE_DATE');
    expect(res.json().message).toContain(`${REST_PERIOD_MAX_DAYS_AHEAD} days`);
  });
});

describeDb('rest days in the streak', () => {
  it('a weekday rest inside a run neither counts nor breaks it', async () => {
    const api = await newLearner(h.app);
    await achieveDays(api, '2026-03-04', '2026-03-07');
    await achieveDays(api, '2026-03-09', '2026-03-09');
    await achieveToday(api);
    expect(await summary(api)).toMatchObject({ streakDays: 2, longestStreakDays: 4 });
    await api.post('/api/user/rest-days', { weekdays: [SUNDAY], periods: [] });
    expect(await summary(api)).toMatchObject({ streakDays: 6, longestStreakDays: 6 });
  });

  it('a break across a month end keeps the run going', async () => {
    const api = await newLearner(h.app);
    await achieveDays(api, '2026-02-24', '2026-02-26');
    await achieveDays(api, '2026-03-03', '2026-03-09');
    await achieveToday(api);
    expect(await summary(api)).toMatchObject({ streakDays: 8, longestStreakDays: 8 });
    await api.post('/api/user/rest-days', { weekdays: [], periods: [{ from: '2026-02-27', to: '2026-03-02' }] });
    expect(await summary(api)).toMatchObject({ streakDays: 11, longestStreakDays: 11 });
  });

  it('an achieved rest day counts as usual', async () => {
    const api = await newLearner(h.app);
    await api.post('/api/user/rest-days', { weekdays: [SUNDAY], periods: [] });
    await achieveDays(api, '2026-03-06', '2026-03-09');
    await achieveToday(api);
    expect(await summary(api)).toMatchObject({ streakDays: 5, longestStreakDays: 5 });
  });

  it("today as an unachieved rest day keeps yesterday's run; achieving it extends the run", async () => {
    const api = await newLearner(h.app);
    await api.post('/api/user/rest-days', { weekdays: [TUESDAY], periods: [] });
    await achieveDays(api, '2026-03-07', '2026-03-09');
    expect(await summary(api)).toMatchObject({ streakDays: 3, longestStreakDays: 3 });
    await achieveToday(api);
    expect(await summary(api)).toMatchObject({ streakDays: 4, longestStreakDays: 4 });
  });

  it('a break planned from tomorrow leaves today unforgiven: the streak counts as without it', async () => {
    const api = await newLearner(h.app);
    await achieveDays(api, '2026-03-07', '2026-03-09');
    await api.post('/api/user/rest-days', { weekdays: [], periods: [{ from: addDays(TODAY, 1), to: addDays(TODAY, 20) }] });
    expect(await summary(api)).toMatchObject({ streakDays: 0, longestStreakDays: 3 });
    await achieveToday(api);
    expect(await summary(api)).toMatchObject({ streakDays: 4, longestStreakDays: 4 });
  });

  it('rest days before the first record change nothing: a learner who never records has no streak', async () => {
    const api = await newLearner(h.app);
    await api.post('/api/user/rest-days', { weekdays: [0, 1, 2, 3, 4, 5], periods: [] });
    expect(await summary(api)).toEqual({ firstActivityDate: null, streakDays: 0, longestStreakDays: 0 });
  });
});

describeDb('a planned break in an export', () => {
  it('imports again: the break rule of POST /rest-days applies to the file, a break beyond a year ahead is a problem', async () => {
    const api = await newLearner(h.app);
    const planned = { weekdays: [], periods: [{ from: addDays(TODAY, 20), to: addDays(TODAY, 34) }] };
    await api.post('/api/user/rest-days', planned);
    const file = (await api.get('/api/user/export?format=json')).body;
    await api.post('/api/user/rest-days', { weekdays: [], periods: [] });
    const res = await api.post('/api/user/import', { source: 'lingualog-json', content: file, mode: 'merge', dryRun: false });
    expect(res.statusCode, res.body).toBe(200);
    expect((await api.get('/api/user/rest-days')).json()).toEqual(planned);

    const tooFar = file.replace(addDays(TODAY, 34), addDays(TODAY, REST_PERIOD_MAX_DAYS_AHEAD + 2));
    const refused = await api.post('/api/user/import', { source: 'lingualog-json', content: tooFar, mode: 'merge', dryRun: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().problems[0].message).toContain(`${REST_PERIOD_MAX_DAYS_AHEAD} days`);
  });
});
