import { afterAll, beforeAll, expect, it } from 'vitest';
import { DAY_ENDS_AT_HOUR_MAX } from '@common/schemas/dayBoundary';
import { buildTestApp, describeDb, signUp, type TestApp } from './helper';
import { caller, expectError, manualClock, newLearner, type Caller } from './requests';
import { exported, importFile, problemsOf } from './dataSupport';

// 00:30 in UTC on 2026-03-10: a learner whose day ends at 02:00 is still on 2026-03-09.
const NOW = '2026-03-10T00:30:00Z';
let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp({ now: manualClock(NOW).now });
});
afterAll(() => h.close());

const boundaryOf = async (api: Caller) => (await api.get('/api/user/day-boundary')).json();
const setBoundary = (api: Caller, dayEndsAtHour: unknown) => api.post('/api/user/day-boundary', { dayEndsAtHour });

describeDb('GET and POST /api/user/day-boundary', () => {
  it("is midnight (0) by default: the spec's day", async () => {
    expect(await boundaryOf(await newLearner(h.app))).toEqual({ dayEndsAtHour: 0 });
  });

  it('saves every hour from 0 to 4, answers the saved value, and GET reads it back', async () => {
    const api = await newLearner(h.app);
    for (let hour = DAY_ENDS_AT_HOUR_MAX; hour >= 0; hour -= 1) {
      const res = await setBoundary(api, hour);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ dayEndsAtHour: hour });
      expect(await boundaryOf(api)).toEqual({ dayEndsAtHour: hour });
    }
  });

  it('is per learner, for every language, and saved before any language is chosen', async () => {
    const { cookie } = await signUp(h.app);
    const mine = caller(h.app, cookie);
    expect((await setBoundary(mine, 3)).statusCode).toBe(200);
    await mine.post('/api/user/language', { name: 'French' });
    expect(await boundaryOf(mine)).toEqual({ dayEndsAtHour: 3 });
    await mine.post('/api/user/language', { name: 'German' });
    expect(await boundaryOf(mine)).toEqual({ dayEndsAtHour: 3 });
    expect(await boundaryOf(await newLearner(h.app))).toEqual({ dayEndsAtHour: 0 });
  });

  it.each([
    ['an hour after 04:00', { dayEndsAtHour: DAY_ENDS_AT_HOUR_MAX + 1 }],
    ['a negative hour', { dayEndsAtHour: -1 }],
    ['half an hour', { dayEndsAtHour: 1.5 }],
    ['an hour as text', { dayEndsAtHour: '2' }],
    ['no hour', {}],
    ['an unknown field', { dayEndsAtHour: 2, timeZone: 'Europe/Paris' }],
  ])('rejects %s with 400 INVALID_INPUT and keeps the saved value', async (_rule, body) => {
    const api = await newLearner(h.app);
    await setBoundary(api, 2);
    expectError(await api.post('/api/user/day-boundary', body), 400, 'INVALID_INPUT');
    expect(await boundaryOf(api)).toEqual({ dayEndsAtHour: 2 });
  });

  it('answers 401 without a session', async () => {
    expectError(await caller(h.app).get('/api/user/day-boundary'), 401, 'UNAUTHENTICATED');
    expectError(await setBoundary(caller(h.app), 2), 401, 'UNAUTHENTICATED');
  });

  it('goes with the account: the same email registered again starts at midnight', async () => {
    const first = await signUp(h.app);
    const api = caller(h.app, first.cookie);
    await setBoundary(api, 4);
    expect((await api.del('/api/user')).statusCode).toBe(204);
    const again = await signUp(h.app, first.email, 'another good password');
    expect(await boundaryOf(caller(h.app, again.cookie))).toEqual({ dayEndsAtHour: 0 });
  });

  it("admits the learner's previous calendar day as today after midnight, as the server's one-day tolerance already does", async () => {
    const api = await newLearner(h.app);
    await setBoundary(api, 2);
    const add = await api.post('/api/user/daily-activity', { date: '2026-03-09', listeningDailyMins: 40 });
    expect(add.statusCode, add.body).toBe(200);
    expect((await api.get('/api/user/calendar/summary?today=2026-03-09')).json()).toMatchObject({ streakDays: 1, firstActivityDate: '2026-03-09' });
    expect((await api.post('/api/user/daily-goal', { dailyGoalMinutes: 45, date: '2026-03-09' })).statusCode).toBe(200);
  });
});

describeDb('"My day ends at" in the export and import file', () => {
  it('is exported, and a JSON import restores it', async () => {
    const api = await newLearner(h.app);
    await setBoundary(api, 3);
    const file = (await exported(api, 'json')).json();
    expect(file.dayEndsAtHour).toBe(3);

    const other = await newLearner(h.app);
    const res = await importFile(other, { source: 'lingualog-json', content: JSON.stringify(file) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await boundaryOf(other)).toEqual({ dayEndsAtHour: 3 });
  });

  it('a file exported before the setting existed still imports and leaves the setting as it is', async () => {
    const api = await newLearner(h.app);
    await setBoundary(api, 1);
    const { dayEndsAtHour: _dropped, ...older } = (await exported(api, 'json')).json();
    const res = await importFile(api, { source: 'lingualog-json', content: JSON.stringify(older), mode: 'replace' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await boundaryOf(api)).toEqual({ dayEndsAtHour: 1 });
  });

  it('a file with an hour out of 0..4 is refused with its line, and changes nothing', async () => {
    const api = await newLearner(h.app);
    const file = (await exported(api, 'json')).json();
    const problems = problemsOf(await importFile(api, { source: 'lingualog-json', content: JSON.stringify({ ...file, dayEndsAtHour: 5 }, null, 2) }));
    expect(problems).toEqual([{ line: expect.any(Number), message: expect.stringContaining('dayEndsAtHour') }]);
    expect(problems[0].line).toBeGreaterThan(1);
    expect(await boundaryOf(api)).toEqual({ dayEndsAtHour: 0 });
  });
});
