/**
 * GET /api/user/stats remembers the sums of settled weeks and months (db/statsCache.ts): these tests
 * hold it to answering exactly what summing every day answers, whatever was written since.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bucketStartIso } from '@common/buckets';
import type { Stats, StatsBucket, StatsBucketRow } from '@common/schemas/stats';
import { buildTestApp, describeDb, signUp, withLanguage, type TestApp } from './helper';
import { caller, DAY_MS, manualClock, type Caller } from './requests';

// Wednesday 18 November 2026: settled up to Monday the 16th, so the week of the 15th and November are not.
const clock = manualClock('2026-11-18T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
});
afterAll(() => t?.close());

const noMinutes = { listeningDailyMins: 0, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0 };
type Minutes = Partial<typeof noMinutes>;

interface Learner {
  api: Caller;
  userId: number;
}

async function learner(language = 'Spanish'): Promise<Learner> {
  const { cookie, email } = await signUp(t.app);
  await withLanguage(t.app, cookie, language);
  const { id } = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { api: caller(t.app, cookie), userId: Number(id) };
}

async function setDay(api: Caller, date: string, minutes: Minutes, achieved?: boolean) {
  const res = await api.patch('/api/user/daily-activity', { date, isToday: false, ...noMinutes, ...minutes, ...(achieved === undefined ? {} : { achieved }) });
  expect(res.statusCode, res.body).toBe(200);
}

async function statsBody(api: Caller, query: string): Promise<string> {
  const res = await api.get(`/api/user/stats?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}
const stats = async (api: Caller, query: string): Promise<Stats> => JSON.parse(await statsBody(api, query)) as Stats;

/** The week or month answer built from the day buckets, which are always summed live. */
async function fromDays(api: Caller, from: string, to: string, bucket: StatsBucket, extra = ''): Promise<Stats> {
  const days = await stats(api, `from=${from}&to=${to}&bucket=day${extra}`);
  const buckets = new Map<string, StatsBucketRow>();
  for (const day of days.buckets) {
    const start = bucketStartIso(day.start, bucket);
    const b = buckets.get(start) ?? { ...day, start, listeningMins: 0, readingMins: 0, speakingMins: 0, writingMins: 0, totalMins: 0, activeDays: 0, achievedDays: 0 };
    for (const field of ['listeningMins', 'readingMins', 'speakingMins', 'writingMins', 'totalMins', 'activeDays', 'achievedDays'] as const) b[field] += day[field];
    buckets.set(start, b);
  }
  return { from, to, bucket, buckets: [...buckets.values()], totals: days.totals };
}

const remembered = (userId: number, language = 'Spanish') =>
  t.db.selectFrom('stats_buckets').selectAll().where('user_id', '=', userId).where('language', '=', language).orderBy('bucket').orderBy('start').execute();

const versionOf = async (userId: number, language = 'Spanish') =>
  Number((await t.db.selectFrom('user_languages').select('history_version').where('user_id', '=', userId).where('language', '=', language).executeTakeFirstOrThrow()).history_version);

/** Five months of varied days: goal changes, hand-set answers, empty weeks. */
async function learnerWithMonths(language = 'Spanish'): Promise<Learner> {
  const me = await learner(language);
  await t.db.insertInto('daily_goals').values({ user_id: me.userId, language, effective_from: '2026-08-15', minutes: 60 }).execute();
  const days: [string, Minutes, boolean?][] = [
    ['2026-06-09', { readingDailyMins: 50 }],
    ['2026-06-10', { listeningDailyMins: 20, writingDailyMins: 15 }],
    ['2026-06-30', { speakingDailyMins: 5 }, true],
    ['2026-07-01', { listeningDailyMins: 120 }],
    ['2026-07-18', { readingDailyMins: 31 }, false],
    ['2026-08-14', { readingDailyMins: 45 }],
    ['2026-08-15', { readingDailyMins: 45 }],
    ['2026-09-30', { writingDailyMins: 60, speakingDailyMins: 1 }],
    ['2026-10-01', {}, true],
    ['2026-10-31', { listeningDailyMins: 240 }],
    ['2026-11-14', { readingDailyMins: 10 }],
    ['2026-11-15', { readingDailyMins: 70 }],
    ['2026-11-17', { speakingDailyMins: 65 }],
  ];
  for (const [date, minutes, achieved] of days) await setDay(me.api, date, minutes, achieved);
  return me;
}

const RANGES = [
  ['week', '2026-06-10', '2026-11-18'], // cut first week, unsettled last week
  ['month', '2026-06-10', '2026-11-18'], // cut June, unsettled November
  ['week', '2026-06-14', '2026-11-14'], // whole settled weeks only
  ['month', '2026-07-01', '2026-10-31'], // whole settled months only
  ['month', '2026-07-05', '2026-07-20'], // inside one month: nothing to remember
] as const;

describeDb('GET /api/user/stats: remembered weeks and months', () => {
  it.each(RANGES)('a remembered %s answers byte for byte what summing every day answers (%s to %s)', async (bucket, from, to) => {
    const me = await learnerWithMonths();
    const query = `from=${from}&to=${to}&bucket=${bucket}`;
    const first = await statsBody(me.api, query);
    expect(JSON.parse(first)).toEqual(await fromDays(me.api, from, to, bucket));
    const rows = await remembered(me.userId);
    const second = await statsBody(me.api, query);
    expect(second).toBe(first);
    expect(await remembered(me.userId)).toEqual(rows);
  });

  it('remembers only whole settled buckets of the range, at the current history version, empty ones as zeros', async () => {
    const me = await learnerWithMonths();
    await stats(me.api, 'from=2026-06-10&to=2026-11-18&bucket=month');
    await stats(me.api, 'from=2026-10-07&to=2026-11-18&bucket=week');
    const version = await versionOf(me.userId);
    const rows = await remembered(me.userId);
    expect(rows.map((r) => [r.bucket, r.start])).toEqual([
      ['month', '2026-07-01'],
      ['month', '2026-08-01'],
      ['month', '2026-09-01'],
      ['month', '2026-10-01'],
      ['week', '2026-10-11'],
      ['week', '2026-10-18'],
      ['week', '2026-10-25'],
      ['week', '2026-11-01'],
      ['week', '2026-11-08'],
    ]);
    expect(rows.every((r) => Number(r.version) === version)).toBe(true);
    expect(rows.find((r) => r.start === '2026-11-01')).toMatchObject({ listening: 0, reading: 0, speaking: 0, writing: 0, active: 0, achieved: 0 });
    expect(rows.find((r) => r.start === '2026-08-01')).toMatchObject({ reading: 90, active: 2, achieved: 1 });
  });

  it('serves a remembered bucket while its version is current, and never once the history moved', async () => {
    const me = await learnerWithMonths();
    const query = 'from=2026-07-01&to=2026-10-31&bucket=month';
    const honest = await statsBody(me.api, query);
    await t.db.updateTable('stats_buckets').set({ listening: 9999 }).where('user_id', '=', me.userId).where('start', '=', '2026-07-01').execute();
    expect((await stats(me.api, query)).buckets[0].listeningMins).toBe(9999);
    await t.db.updateTable('user_languages').set({ history_version: (await versionOf(me.userId)) + 1 }).where('user_id', '=', me.userId).execute();
    expect(await statsBody(me.api, query)).toBe(honest);
  });

  it('an edit of a past day in a remembered bucket changes the next answer', async () => {
    const me = await learnerWithMonths();
    for (const bucket of ['week', 'month'] as const) {
      const query = `from=2026-06-10&to=2026-11-18&bucket=${bucket}`;
      await stats(me.api, query);
      await stats(me.api, query);
    }
    await setDay(me.api, '2026-08-20', { writingDailyMins: 33 });
    await setDay(me.api, '2026-07-18', { readingDailyMins: 31 }, true);
    await setDay(me.api, '2026-10-31', {});
    for (const bucket of ['week', 'month'] as const) {
      const answer = await stats(me.api, `from=2026-06-10&to=2026-11-18&bucket=${bucket}`);
      expect(answer).toEqual(await fromDays(me.api, '2026-06-10', '2026-11-18', bucket));
      expect(answer.totals).toMatchObject({ writingMins: 75 + 33, listeningMins: 20 + 120 });
    }
    const month = await stats(me.api, 'from=2026-07-01&to=2026-10-31&bucket=month');
    expect(month.buckets.map((b) => [b.start, b.writingMins, b.achievedDays])).toEqual([
      ['2026-07-01', 0, 2],
      ['2026-08-01', 33, 1],
      ['2026-09-01', 60, 1],
      ['2026-10-01', 0, 1],
    ]);
  });

  const csv = (rows: string[]) => ['language,date,listening_minutes,reading_minutes,speaking_minutes,writing_minutes', ...rows].join('\n');
  const importFile = async (api: Caller, body: object) => {
    const res = await api.post('/api/user/import', { dryRun: false, ...body });
    expect(res.statusCode, res.body).toBe(200);
  };

  it.each(['merge', 'replace'] as const)('an import (%s) changes the remembered buckets of the days it writes or removes', async (mode) => {
    const me = await learnerWithMonths();
    const query = 'from=2026-06-10&to=2026-11-18&bucket=month';
    const before = await stats(me.api, query);
    await importFile(me.api, { source: 'lingualog-csv', mode, content: csv(['Spanish,2026-09-02,0,0,0,40', 'Spanish,2026-07-01,1,0,0,0']) });
    const after = await stats(me.api, query);
    expect(after).toEqual(await fromDays(me.api, '2026-06-10', '2026-11-18', 'month'));
    expect(after).not.toEqual(before);
    const september = after.buckets.find((b) => b.start === '2026-09-01');
    expect(september?.writingMins).toBe(mode === 'merge' ? 100 : 40);
    expect(after.buckets.find((b) => b.start === '2026-07-01')?.listeningMins).toBe(1);
    if (mode === 'replace') expect(after.totals.totalMins).toBe(41);
  });

  it('an import of a lingualog-json goal history changes which remembered days were achieved', async () => {
    const me = await learnerWithMonths();
    const query = 'from=2026-06-01&to=2026-10-31&bucket=week';
    const before = await stats(me.api, query);
    const file = (await me.api.get('/api/user/export?format=json')).json() as { languages: Record<string, unknown>[] };
    // Only the goals change: no days in the file, so merge keeps every day and its own answers.
    file.languages = file.languages.map((l) => ({ ...l, days: [], dailyGoalMinutes: 240, goalHistory: [{ from: '2000-01-01', dailyGoalMinutes: 240 }] }));
    await importFile(me.api, { source: 'lingualog-json', mode: 'merge', content: JSON.stringify(file) });
    const after = await stats(me.api, query);
    expect(after).toEqual(await fromDays(me.api, '2026-06-01', '2026-10-31', 'week'));
    // Only the hand-ticked days and the 240-minute day are still achieved.
    expect(before.totals.achievedDays).toBe(8);
    expect(after.totals.achievedDays).toBe(3);
  });

  it('a goal saved today that becomes the first goal ever (a history from before the goal "since ever") changes the remembered buckets', async () => {
    const me = await learnerWithMonths();
    await t.db.deleteFrom('daily_goals').where('user_id', '=', me.userId).execute();
    const query = 'from=2026-07-01&to=2026-10-31&bucket=month';
    const before = await stats(me.api, query); // the default goal (30) for every day
    expect((await me.api.post('/api/user/daily-goal', { dailyGoalMinutes: 100, date: '2026-11-18' })).statusCode).toBe(200);
    const after = await stats(me.api, query);
    expect(after).toEqual(await fromDays(me.api, '2026-07-01', '2026-10-31', 'month'));
    expect(after.totals.achievedDays).toBeLessThan(before.totals.achievedDays);
    // Saved again the same day, it is still the first goal ever.
    expect((await me.api.post('/api/user/daily-goal', { dailyGoalMinutes: 20, date: '2026-11-18' })).statusCode).toBe(200);
    const again = await stats(me.api, query);
    expect(again).toEqual(await fromDays(me.api, '2026-07-01', '2026-10-31', 'month'));
    expect(again.totals.achievedDays).toBe(before.totals.achievedDays);
    // With an earlier entry left, a new goal changes no settled day, and the remembered buckets stay valid.
    const version = await versionOf(me.userId);
    expect((await me.api.post('/api/user/daily-goal', { dailyGoalMinutes: 120, date: '2026-11-19' })).statusCode).toBe(200);
    expect(await versionOf(me.userId)).toBe(version);
    expect(await stats(me.api, query)).toEqual(again);
  });

  it('a bucket not yet settled is never served from the cache: an add today or yesterday moves the answer', async () => {
    const me = await learnerWithMonths();
    const weeks = 'from=2026-11-01&to=2026-11-18&bucket=week';
    const before = await stats(me.api, weeks);
    const version = await versionOf(me.userId);
    // A row that claims the unsettled week, at the current version, is ignored.
    await t.db
      .insertInto('stats_buckets')
      .values({ user_id: me.userId, language: 'Spanish', bucket: 'week', start: '2026-11-15', version, listening: 500, reading: 0, speaking: 0, writing: 0, active: 7, achieved: 7 })
      .execute();
    expect(await stats(me.api, weeks)).toEqual(before);
    for (const date of ['2026-11-17', '2026-11-18']) {
      expect((await me.api.post('/api/user/daily-activity', { date, readingDailyMins: 30 })).statusCode).toBe(200);
    }
    expect(await versionOf(me.userId)).toBe(version);
    const after = await stats(me.api, weeks);
    expect(after.buckets[2]).toMatchObject({ start: '2026-11-15', readingMins: 70 + 30 + 30, activeDays: 3 });
    expect(after).toEqual(await fromDays(me.api, '2026-11-01', '2026-11-18', 'week'));
  });

  it('a month is settled two days after its last day: until then adds reach it and it is summed live', async () => {
    const me = await learner();
    clock.advance(13 * DAY_MS); // Tuesday 1 December 2026: 30 November may still be today somewhere
    try {
      const query = 'from=2026-10-01&to=2026-12-01&bucket=month';
      await stats(me.api, query);
      expect((await remembered(me.userId)).map((r) => r.start)).toEqual(['2026-10-01']);
      expect((await me.api.post('/api/user/daily-activity', { date: '2026-11-30', listeningDailyMins: 25 })).statusCode).toBe(200);
      expect((await stats(me.api, query)).buckets[1]).toMatchObject({ start: '2026-11-01', listeningMins: 25, activeDays: 1 });
      clock.advance(DAY_MS); // Wednesday 2 December: no add reaches 30 November any more
      expect((await me.api.post('/api/user/daily-activity', { date: '2026-11-30', listeningDailyMins: 5 })).statusCode).toBe(400);
      expect((await stats(me.api, query)).buckets[1]).toMatchObject({ start: '2026-11-01', listeningMins: 25, activeDays: 1 });
      expect((await remembered(me.userId)).map((r) => r.start)).toEqual(['2026-10-01', '2026-11-01']);
    } finally {
      clock.advance(-14 * DAY_MS);
    }
  });

  it("another learner's or another language's remembered buckets are never used, even at the same version", async () => {
    const me = await learnerWithMonths();
    const query = 'from=2026-07-01&to=2026-10-31&bucket=month';
    const spanish = await statsBody(me.api, query);
    expect((await remembered(me.userId)).length).toBe(4);
    const version = await versionOf(me.userId);
    // French and another learner's Spanish reach the same version with days that hold no minutes.
    expect((await me.api.post('/api/user/language', { name: 'French' })).statusCode).toBe(200);
    const other = await learner();
    for (const [api, language] of [[me.api, 'French'], [other.api, 'Spanish']] as const) {
      const owner = api === me.api ? me.userId : other.userId;
      for (let k = await versionOf(owner, language); k < version; k += 1) await setDay(api, '2026-11-10', {});
      expect(await versionOf(owner, language)).toBe(version);
    }
    const zeros = await fromDays(me.api, '2026-07-01', '2026-10-31', 'month');
    expect(zeros.totals.totalMins).toBe(0);
    expect(await stats(me.api, query)).toEqual(zeros);
    expect(await stats(other.api, query)).toEqual(zeros);
    expect(await statsBody(me.api, `${query}&language=Spanish`)).toBe(spanish);
    expect((await remembered(me.userId, 'French')).every((r) => r.active === 0 && r.listening === 0)).toBe(true);
    expect((await remembered(other.userId)).every((r) => r.active === 0 && r.listening === 0)).toBe(true);
  });

  it('deleting the account removes its remembered buckets, and only its own', async () => {
    const me = await learnerWithMonths();
    const other = await learnerWithMonths();
    for (const l of [me, other]) await stats(l.api, 'from=2026-06-10&to=2026-11-18&bucket=week');
    const othersRows = await remembered(other.userId);
    expect((await remembered(me.userId)).length).toBeGreaterThan(0);
    expect((await me.api.del('/api/user')).statusCode).toBe(204);
    expect(await t.db.selectFrom('stats_buckets').select('start').where('user_id', '=', me.userId).execute()).toEqual([]);
    expect(await remembered(other.userId)).toEqual(othersRows);
  });

  it('concurrent first reads all answer, the same, and leave one row per bucket', async () => {
    const me = await learnerWithMonths();
    const query = 'from=2026-06-10&to=2026-11-18&bucket=week';
    const bodies = await Promise.all(Array.from({ length: 8 }, () => statsBody(me.api, query)));
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0])).toEqual(await fromDays(me.api, '2026-06-10', '2026-11-18', 'week'));
    const rows = await remembered(me.userId);
    expect(new Set(rows.map((r) => r.start)).size).toBe(rows.length);
    expect(rows.length).toBe(22);
  });
});
