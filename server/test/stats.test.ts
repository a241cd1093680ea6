import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Stats } from '@common/schemas/stats';
import { buildTestApp, describeDb, signUp, type TestApp } from './helper';
import { caller, expectError, manualClock, newLearner, type Caller } from './requests';

// Wednesday 18 November 2026; its week started on Sunday the 15th.
const clock = manualClock('2026-11-18T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
});
afterAll(() => t?.close());

const noMinutes = { listeningDailyMins: 0, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0 };

async function setDay(api: Caller, date: string, minutes: Partial<typeof noMinutes>, achieved?: boolean) {
  const res = await api.patch('/api/user/daily-activity', { date, isToday: false, ...noMinutes, ...minutes, ...(achieved === undefined ? {} : { achieved }) });
  expect(res.statusCode, res.body).toBe(200);
}

async function stats(api: Caller, query: string): Promise<Stats> {
  const res = await api.get(`/api/user/stats?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Stats>();
}

const empty = (start: string) => ({
  start, listeningMins: 0, readingMins: 0, speakingMins: 0, writingMins: 0, totalMins: 0, activeDays: 0, achievedDays: 0,
});

describeDb('GET /api/user/stats', () => {
  it('day buckets: every day of the range, empty days as zeros, active and achieved days by the record rule', async () => {
    const api = await newLearner(t.app);
    await setDay(api, '2026-11-10', { listeningDailyMins: 20, readingDailyMins: 15 });
    await setDay(api, '2026-11-12', { speakingDailyMins: 10 });
    await setDay(api, '2026-11-14', {}, true);
    const answer = await stats(api, 'from=2026-11-10&to=2026-11-16&bucket=day');
    expect(answer).toEqual({
      from: '2026-11-10',
      to: '2026-11-16',
      bucket: 'day',
      buckets: [
        { ...empty('2026-11-10'), listeningMins: 20, readingMins: 15, totalMins: 35, activeDays: 1, achievedDays: 1 },
        empty('2026-11-11'),
        { ...empty('2026-11-12'), speakingMins: 10, totalMins: 10, activeDays: 1 },
        empty('2026-11-13'),
        { ...empty('2026-11-14'), achievedDays: 1 },
        empty('2026-11-15'),
        empty('2026-11-16'),
      ],
      totals: { listeningMins: 20, readingMins: 15, speakingMins: 10, writingMins: 0, totalMins: 45, activeDays: 2, achievedDays: 2, days: 7 },
    });
  });

  it('week buckets start on Sunday; a range that cuts a week counts only its own days', async () => {
    const api = await newLearner(t.app);
    await setDay(api, '2026-11-02', { writingDailyMins: 50 }); // Monday of the first week, before `from`
    await setDay(api, '2026-11-05', { writingDailyMins: 40 });
    await setDay(api, '2026-11-07', { readingDailyMins: 5 }); // Saturday: still the first week
    await setDay(api, '2026-11-08', { listeningDailyMins: 30 }); // Sunday: the second week
    await setDay(api, '2026-11-18', { speakingDailyMins: 25 });
    const answer = await stats(api, 'from=2026-11-04&to=2026-11-18&bucket=week');
    expect(answer.buckets).toEqual([
      { ...empty('2026-11-01'), writingMins: 40, readingMins: 5, totalMins: 45, activeDays: 2, achievedDays: 1 },
      { ...empty('2026-11-08'), listeningMins: 30, totalMins: 30, activeDays: 1, achievedDays: 1 },
      { ...empty('2026-11-15'), speakingMins: 25, totalMins: 25, activeDays: 1 },
    ]);
    expect(answer.totals).toMatchObject({ totalMins: 100, activeDays: 4, achievedDays: 2, days: 15 });
  });

  it('month buckets start on the 1st; months without minutes are zeros', async () => {
    const api = await newLearner(t.app);
    await setDay(api, '2026-09-10', { readingDailyMins: 60 }); // before `from`
    await setDay(api, '2026-09-20', { readingDailyMins: 45 });
    await setDay(api, '2026-11-01', { listeningDailyMins: 12 });
    const answer = await stats(api, 'from=2026-09-15&to=2026-11-18&bucket=month');
    expect(answer.buckets).toEqual([
      { ...empty('2026-09-01'), readingMins: 45, totalMins: 45, activeDays: 1, achievedDays: 1 },
      empty('2026-10-01'),
      { ...empty('2026-11-01'), listeningMins: 12, totalMins: 12, activeDays: 1 },
    ]);
    expect(answer.totals.days).toBe(16 + 31 + 18);
  });

  it('a day is achieved against the goal in force on that day, and the learner\'s own answer wins', async () => {
    const api = await newLearner(t.app);
    const { id } = await t.db.selectFrom('users').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await t.db.insertInto('daily_goals').values({ user_id: id, language: 'Spanish', effective_from: '2026-11-12', minutes: 60 }).execute();
    await setDay(api, '2026-11-10', { readingDailyMins: 45 }); // goal 30: achieved
    await setDay(api, '2026-11-13', { readingDailyMins: 45 }); // goal 60: not achieved
    await setDay(api, '2026-11-14', { readingDailyMins: 45 }, true); // not enough, but ticked by hand
    await setDay(api, '2026-11-15', { readingDailyMins: 90 }, false); // enough, but unticked by hand
    const answer = await stats(api, 'from=2026-11-10&to=2026-11-15&bucket=day');
    expect(answer.buckets.map((b) => b.achievedDays)).toEqual([1, 0, 0, 0, 1, 0]);
  });

  it("counts only the asked language's minutes; ?language= names another; other learners never count", async () => {
    const api = await newLearner(t.app);
    await setDay(api, '2026-11-16', { listeningDailyMins: 30 });
    expect((await api.post('/api/user/language', { name: 'French' })).statusCode).toBe(200);
    await setDay(api, '2026-11-16', { writingDailyMins: 7 });
    const other = await newLearner(t.app);
    await setDay(other, '2026-11-16', { speakingDailyMins: 99 });

    const query = 'from=2026-11-16&to=2026-11-16&bucket=day';
    expect((await stats(api, query)).totals).toMatchObject({ writingMins: 7, totalMins: 7, listeningMins: 0, speakingMins: 0 });
    expect((await stats(api, `${query}&language=Spanish`)).totals).toMatchObject({ listeningMins: 30, totalMins: 30, writingMins: 0 });
    expectError(await api.get(`/api/user/stats?${query}&language=Klingon`), 400, 'UNKNOWN_LANGUAGE');
  });

  it('answers zeros before a language is chosen, and 401 without a session', async () => {
    const api = caller(t.app, (await signUp(t.app)).cookie);
    const answer = await stats(api, 'from=2026-11-01&to=2026-11-18&bucket=week');
    expect(answer.buckets).toEqual([empty('2026-11-01'), empty('2026-11-08'), empty('2026-11-15')]);
    expectError(await caller(t.app).get('/api/user/stats?from=2026-11-01&to=2026-11-18&bucket=week'), 401, 'UNAUTHENTICATED');
  });

  it('a day read of ten years counts every day once, the first and last days and the days around each year it is summed by', async () => {
    const api = await newLearner(t.app);
    // db/stats.ts sums a day read 366 days at a time: 2016-10-02..2017-10-02, 2017-10-03.., and so on.
    const days = ['2016-10-02', '2017-10-02', '2017-10-03', '2018-10-03', '2018-10-04', '2026-11-18'];
    for (const [i, date] of days.entries()) await setDay(api, date, { readingDailyMins: i + 1 });
    const answer = await stats(api, 'from=2016-10-02&to=2026-11-18&bucket=day');
    const read = new Map(answer.buckets.map((b) => [b.start, b.readingMins]));
    expect(days.map((date) => read.get(date))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(answer.buckets.filter((b) => b.readingMins > 0)).toHaveLength(days.length);
    expect(new Set(answer.buckets.map((b) => b.start)).size).toBe(3700);
    expect(answer.totals.readingMins).toBe(21);
  });

  it('allows 3,700 buckets and refuses 3,701 with 400 INVALID_INPUT', async () => {
    const api = await newLearner(t.app);
    const largest = await stats(api, 'from=2016-10-02&to=2026-11-18&bucket=day');
    expect(largest.buckets).toHaveLength(3700);
    expect(largest.totals.days).toBe(3700);
    const res = await api.get('/api/user/stats?from=2016-10-01&to=2026-11-18&bucket=day');
    expectError(res, 400, 'INVALID_INPUT');
    expect(res.json().message).toMatch(/3700/);
    expect((await stats(api, 'from=2000-01-01&to=2026-11-18&bucket=week')).buckets[0].start).toBe('1999-12-26');
  });

  it.each([
    ['from after to', 'from=2026-11-10&to=2026-11-09&bucket=day', /after/],
    ['a date before 2000-01-01', 'from=1999-12-31&to=2026-11-09&bucket=month', /2000-01-01/],
    ['an impossible date', 'from=2026-02-30&to=2026-03-09&bucket=day', /real calendar date/],
    ['an unknown bucket', 'from=2026-11-01&to=2026-11-09&bucket=year', /./],
    ['a missing bucket', 'from=2026-11-01&to=2026-11-09', /./],
    ['an unknown field', 'from=2026-11-01&to=2026-11-09&bucket=day&skill=reading', /skill/],
  ])('refuses %s with 400 INVALID_INPUT', async (_rule, query, message) => {
    const api = await newLearner(t.app);
    const res = await api.get(`/api/user/stats?${query}`);
    expectError(res, 400, 'INVALID_INPUT');
    expect(res.json().message).toMatch(message);
  });

  it.each([
    ['from', 'from=1999-12-31&to=2026-11-09&bucket=day'],
    ['to', 'from=2026-11-01&to=2026-02-30&bucket=day'],
  ])('a bad date names its own field ("%s") in the message', async (field, query) => {
    const res = await (await newLearner(t.app)).get(`/api/user/stats?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`"${field}"`);
  });

  it('refuses a date after every learner\'s today with 400 FUTURE_DATE', async () => {
    const api = await newLearner(t.app);
    expectError(await api.get('/api/user/stats?from=2026-11-01&to=2026-11-20&bucket=day'), 400, 'FUTURE_DATE');
    expect((await api.get('/api/user/stats?from=2026-11-01&to=2026-11-19&bucket=day')).statusCode).toBe(200);
  });

  it('is in the OpenAPI description with its query', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const params = doc.paths['/api/user/stats'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['from', 'to', 'bucket', 'language']));
  });
});
