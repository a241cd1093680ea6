/** `source: "days"` imports (API contract, fifth edition, "Imports from where the history already is"), on SQLite and PostgreSQL. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { describeDb, testAppForFile } from './helper';
import { addDays, expectError } from './requests';
import { day, learner, problemsOf, snapshot, type Learner } from './dataSupport';

const t = testAppForFile();
const IMPORT = '/api/user/import';

type Days = { date: string; listeningDailyMins?: number; readingDailyMins?: number; speakingDailyMins?: number; writingDailyMins?: number }[];

const importDays = (me: Learner, days: Days, extra: Record<string, unknown> = {}): Promise<LightMyRequestResponse> =>
  me.api.post(IMPORT, { source: 'days', days, mode: 'merge', dryRun: false, ...extra });

async function stored(me: Learner, date: string, language = 'Spanish') {
  const res = await me.api.get(`/api/user/daily-activity?date=${date}&language=${language}`);
  expect(res.statusCode, res.body).toBe(200);
  const { listeningDailyMins, readingDailyMins, speakingDailyMins, writingDailyMins } = res.json();
  return [listeningDailyMins, readingDailyMins, speakingDailyMins, writingDailyMins];
}

async function mintToken(app: FastifyInstance, me: Learner, scope: 'log' | 'read'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/user/tokens', headers: { cookie: me.cookie }, payload: { name: 'Anki add-on', scope, password: me.password } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().token;
}

const withToken = (app: FastifyInstance, token: string, payload: object) =>
  app.inject({ method: 'POST', url: IMPORT, headers: { authorization: `Bearer ${token}` }, payload });

describeDb('POST /api/user/import, source days', () => {
  it('merge sets only the skills each day names and keeps the others as stored', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    expect((await me.api.patch('/api/user/daily-activity', day('2024-03-01', 20, 10, 5, 0))).statusCode).toBe(200);
    const res = await importDays(me, [{ date: '2024-03-01', readingDailyMins: 45 }, { date: '2024-03-02', readingDailyMins: 30, writingDailyMins: 12 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ dryRun: false, languages: ['Spanish'], days: 2, minutes: 87, replacedDays: 1 });
    expect(await stored(me, '2024-03-01')).toEqual([20, 45, 5, 0]);
    expect(await stored(me, '2024-03-02')).toEqual([0, 30, 0, 12]);
  });

  it('replace makes the language\'s days exactly the file\'s, a skill a day does not name being 0', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    expect((await me.api.patch('/api/user/daily-activity', day('2024-03-01', 20, 10, 5, 0))).statusCode).toBe(200);
    expect((await me.api.patch('/api/user/daily-activity', day('2024-03-05', 7, 0, 0, 0))).statusCode).toBe(200);
    const res = await importDays(me, [{ date: '2024-03-01', readingDailyMins: 45 }], { mode: 'replace' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ days: 1, minutes: 45, replacedDays: 2 });
    expect(await stored(me, '2024-03-01')).toEqual([0, 45, 0, 0]);
    expect(await stored(me, '2024-03-05')).toEqual([0, 0, 0, 0]);
  });

  it('the same days imported twice give the same data as importing them once', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    const days = [{ date: '2024-01-10', readingDailyMins: 14 }, { date: '2024-01-11', readingDailyMins: 3, listeningDailyMins: 60 }];
    expect((await importDays(me, days)).statusCode).toBe(200);
    const once = await snapshot(t.db, me.userId);
    const again = await importDays(me, days);
    expect(again.statusCode).toBe(200);
    expect(again.json().replacedDays).toBe(0);
    expect(await snapshot(t.db, me.userId)).toEqual(once);
  });

  it('a dry run answers the same and changes nothing', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    const before = await snapshot(t.db, me.userId);
    const res = await importDays(me, [{ date: '2024-01-10', readingDailyMins: 14 }], { dryRun: true });
    expect(res.json()).toEqual({ dryRun: true, languages: ['Spanish'], days: 1, minutes: 14, replacedDays: 0 });
    expect(await snapshot(t.db, me.userId)).toEqual(before);
  });

  it('problems are listed by the day\'s index from 1, and one problem imports nothing', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    const before = await snapshot(t.db, me.userId);
    const future = addDays(new Date().toISOString().slice(0, 10), 3);
    const res = await importDays(me, [
      { date: '2024-01-10', readingDailyMins: 14 },
      { date: '2024-01-10', readingDailyMins: 2 },
      { date: '2024-01-12' },
      { date: '12/01/2024', readingDailyMins: 5 },
      { date: '2024-01-13', readingDailyMins: -2000 },
      { date: '2024-01-14', readingDailyMins: 1.5 },
      { date: '2024-01-15', readingDailyMins: 900, listeningDailyMins: 900 },
      { date: future, readingDailyMins: 5 },
      { date: '1999-12-31', readingDailyMins: 5 },
    ]);
    const problems = problemsOf(res);
    expect(problems.map((p) => p.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(problems[0].message).toMatch(/each date may appear once/);
    expect(problems[1].message).toMatch(/names no skill/);
    expect(await snapshot(t.db, me.userId)).toEqual(before);
  });

  it('a merged day that would break the daily limit with the minutes already stored is a problem', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    expect((await me.api.patch('/api/user/daily-activity', day('2024-03-01', 900, 0, 0, 0))).statusCode).toBe(200);
    const problems = problemsOf(await importDays(me, [{ date: '2024-03-01', readingDailyMins: 600 }]));
    expect(problems).toEqual([{ line: 1, message: expect.stringMatching(/at most 1440 minutes/) }]);
    expect(await stored(me, '2024-03-01')).toEqual([900, 0, 0, 0]);
  });

  it('goes to the named language, else the current one', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    expect((await importDays(me, [{ date: '2024-02-01', speakingDailyMins: 9 }], { language: 'French' })).json().languages).toEqual(['French']);
    expect(await stored(me, '2024-02-01', 'French')).toEqual([0, 0, 9, 0]);
    expect(await stored(me, '2024-02-01', 'Spanish')).toEqual([0, 0, 0, 0]);
    expect(problemsOf(await importDays(me, [{ date: '2024-02-01', speakingDailyMins: 9 }], { language: 'Klingon' }))[0].line).toBe(0);
  });

  it('at most 20,000 days a call, and an empty list is refused', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    // Every skill named: the body's values stay within what the parser takes for this call.
    const many = Array.from({ length: 20_001 }, (_, i) => ({ date: addDays('2000-01-01', i), listeningDailyMins: 1, readingDailyMins: 1, speakingDailyMins: 1, writingDailyMins: 1 }));
    expect(problemsOf(await importDays(me, many))).toEqual([{ line: 0, message: expect.stringMatching(/at most 20000/) }]);
    expect(problemsOf(await importDays(me, []))).toEqual([{ line: 0, message: expect.any(String) }]);
    const years = many.slice(0, 9_000);
    const dry = await importDays(me, years, { dryRun: true });
    expect(dry.statusCode, dry.body.slice(0, 200)).toBe(200);
    expect(dry.json()).toMatchObject({ days: 9_000, minutes: 36_000 });
  });

  it('days and content do not mix: a days import without days, or with content, is 400 INVALID_INPUT', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    expectError(await me.api.post(IMPORT, { source: 'days', mode: 'merge', dryRun: false }), 400, 'INVALID_INPUT');
    expectError(await importDays(me, [{ date: '2024-01-01', readingDailyMins: 1 }], { content: 'x' }), 400, 'INVALID_INPUT');
    expectError(await me.api.post(IMPORT, { source: 'lingualog-csv', mode: 'merge', dryRun: false, days: [] }), 400, 'INVALID_INPUT');
    expectError(await importDays(me, [{ date: '2024-01-01', readingDailyMins: 1, achieved: true } as never]), 400, 'INVALID_INPUT');
  });

  it('a log token may merge days; replace, other sources and read tokens are 403 TOKEN_SCOPE', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    const log = await mintToken(t.app, me, 'log');
    const read = await mintToken(t.app, me, 'read');
    const days = [{ date: '2024-04-01', readingDailyMins: 25 }];
    const merged = await withToken(t.app, log, { source: 'days', days, mode: 'merge', dryRun: false });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await stored(me, '2024-04-01')).toEqual([0, 25, 0, 0]);
    const before = await snapshot(t.db, me.userId);
    expectError(await withToken(t.app, log, { source: 'days', days: [], mode: 'replace', dryRun: false }), 403, 'TOKEN_SCOPE');
    expectError(await withToken(t.app, log, { source: 'days', days, mode: 'replace', dryRun: true }), 403, 'TOKEN_SCOPE');
    expectError(await withToken(t.app, log, { source: 'lingualog-csv', content: 'language,date\n', mode: 'merge', dryRun: false }), 403, 'TOKEN_SCOPE');
    expectError(await withToken(t.app, read, { source: 'days', days, mode: 'merge', dryRun: false }), 403, 'TOKEN_SCOPE');
    expect(await snapshot(t.db, me.userId)).toEqual(before);
  });
});
