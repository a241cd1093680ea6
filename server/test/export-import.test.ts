import { expect, it } from 'vitest';
import { describeDb, signUp, testAppForFile } from './helper';
import { caller } from './requests';
import { day, exported, importFile, learner, learnerWithHistory, snapshot, visibleData } from './dataSupport';

const t = testAppForFile();

describeDb('GET /api/user/export', () => {
  it('names the file with the date and holds every language, goal history, previous hours, milestones, rest days and day', async () => {
    const me = await learnerWithHistory(t.app, t.db);
    const res = await exported(me.api, 'json');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="lingualog-export-${today}.json"`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const file = res.json();
    expect(file).toMatchObject({ format: 'lingualog', version: 1, email: me.email, currentLanguage: 'Spanish' });
    expect(file.restDays).toEqual({ weekdays: [0, 6], periods: [{ from: '2024-08-01', to: '2024-08-14' }] });
    expect(file.languages.map((l: { name: string }) => l.name)).toEqual(['German', 'Spanish']);
    const spanish = file.languages[1];
    expect(spanish).toMatchObject({
      dailyGoalMinutes: 60,
      goalHistory: [{ from: '2000-01-01', dailyGoalMinutes: 30 }, { from: '2023-05-01', dailyGoalMinutes: 45 }, { from: '2024-01-10', dailyGoalMinutes: 60 }],
      previousHours: 120,
      milestones: { level1: 10, level2: 150, level3: 300, level4: 700, level5: 1000, level6: 5000 },
    });
    expect(spanish.days).toEqual((await me.api.get('/api/user/daily-activity/all')).json());
    expect(spanish.days).toHaveLength(7);
  });

  it('CSV: a header and one row per recorded day, by language then date', async () => {
    const me = await learnerWithHistory(t.app, t.db);
    const res = await exported(me.api, 'csv');
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/filename="lingualog-export-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('language,date,listening_minutes,reading_minutes,speaking_minutes,writing_minutes,achieved');
    expect(lines.slice(1, 4)).toEqual(['German,2001-02-03,10,0,0,0,false', 'German,2024-12-31,30,30,0,0,true', 'Spanish,2000-01-01,5,0,0,0,false']);
    expect(lines).toContain('Spanish,2023-05-03,0,0,5,0,true');
    expect(lines).toHaveLength(1 + 9);
  });

  it('an account with nothing logged exports an empty but valid file', async () => {
    const me = await learner(t.app, t.db);
    expect((await exported(me.api, 'json')).json()).toMatchObject({ currentLanguage: null, languages: [], restDays: { weekdays: [], periods: [] } });
    expect((await exported(me.api, 'csv')).body).toBe('language,date,listening_minutes,reading_minutes,speaking_minutes,writing_minutes,achieved\r\n');
  });

  it('is only ever the signed-in learner\'s data, and 401 without a session', async () => {
    const other = await learnerWithHistory(t.app, t.db);
    const me = await learner(t.app, t.db, 'French');
    expect((await exported(me.api, 'json')).body).not.toContain(other.email);
    expect((await caller(t.app).get('/api/user/export')).statusCode).toBe(401);
    expect((await me.api.get('/api/user/export?format=xml')).statusCode).toBe(400);
  });
});

describeDb('POST /api/user/import: round trips', () => {
  it('JSON: export, delete the account, register again, import: every day, goal, previous hours and milestone are back', async () => {
    const me = await learnerWithHistory(t.app, t.db);
    const before = await visibleData(me.api);
    const goalsBefore = await snapshot(t.db, me.userId);
    const file = (await exported(me.api, 'json')).body;

    expect((await me.api.del('/api/user')).statusCode).toBe(204);
    const again = await signUp(t.app, me.email, 'another good password');
    const api = caller(t.app, again.cookie);
    const res = await importFile(api, { source: 'lingualog-json', content: file });
    expect(res.json()).toEqual({ dryRun: false, languages: ['German', 'Spanish'], days: 9, minutes: expect.any(Number), replacedDays: 0 });

    expect(await visibleData(api)).toEqual(before);
    const user = await t.db.selectFrom('users').select('id').where('email', '=', me.email).executeTakeFirstOrThrow();
    const after = await snapshot(t.db, Number(user.id));
    const withoutIds = (rows: string[]) => rows.map((r) => r.replace(/"user_id":\d+,?/, '').replace(/"created_at":[\d.]+,?/, ''));
    for (const table of ['goals', 'days', 'languages', 'weekdays', 'periods'] as const) expect(withoutIds(after[table])).toEqual(withoutIds(goalsBefore[table]));
    expect((await exported(api, 'json')).json().languages).toEqual(JSON.parse(file).languages);
  });

  it('CSV: the days come back in every language, with the same achieved answers', async () => {
    const me = await learnerWithHistory(t.app, t.db);
    const before = await visibleData(me.api);
    const file = (await exported(me.api, 'csv')).body;
    const other = await learner(t.app, t.db);
    const res = await importFile(other.api, { source: 'lingualog-csv', content: file });
    expect(res.statusCode, res.body).toBe(200);
    const after = await visibleData(other.api);
    for (const name of ['German', 'Spanish']) {
      expect((after.perLanguage[name] as { days: unknown }).days).toEqual((before.perLanguage[name] as { days: unknown }).days);
    }
    expect(after.current).toEqual({ name: 'German' });
  });
});

describeDb('POST /api/user/import: merge, replace, dry run', () => {
  const csv = (rows: string[]) => ['language,date,listening_minutes,reading_minutes,speaking_minutes,writing_minutes,achieved', ...rows].join('\n');
  const file = csv(['Spanish,2025-01-02,0,50,0,0,', 'Spanish,2025-01-03,5,5,5,5,']);

  async function twoDays() {
    const me = await learner(t.app, t.db, 'Spanish');
    for (const d of [day('2025-01-01', 20, 0, 0, 0), day('2025-01-02', 10, 0, 0, 0, true)]) await me.api.patch('/api/user/daily-activity', d);
    return me;
  }
  const days = async (me: { api: ReturnType<typeof caller> }) =>
    ((await me.api.get('/api/user/daily-activity/all')).json() as { date: string; readingDailyMins: number; achieved: boolean }[]).map((d) => [d.date, d.readingDailyMins, d.achieved]);

  it('merge replaces the days in the file, keeps the others and a hand-set achievement the file does not state', async () => {
    const me = await twoDays();
    const res = await importFile(me.api, { source: 'lingualog-csv', content: file });
    expect(res.json()).toEqual({ dryRun: false, languages: ['Spanish'], days: 2, minutes: 70, replacedDays: 1 });
    expect(await days(me)).toEqual([['2025-01-01', 0, false], ['2025-01-02', 50, true], ['2025-01-03', 5, false]]);
    expect((await me.api.get('/api/user/progress')).json()).toMatchObject({ totalOverallMins: 20 + 50 + 20 });
  });

  it('replace makes the language\'s days exactly the file\'s days, and the totals follow', async () => {
    const me = await twoDays();
    const res = await importFile(me.api, { source: 'lingualog-csv', content: file, mode: 'replace' });
    expect(res.json()).toMatchObject({ replacedDays: 2 });
    expect(await days(me)).toEqual([['2025-01-02', 50, true], ['2025-01-03', 5, false]]);
    expect((await me.api.get('/api/user/progress')).json()).toMatchObject({ totalOverallMins: 70, readingOverallMins: 55 });
  });

  it('a dry run answers the same counts and changes nothing', async () => {
    for (const mode of ['merge', 'replace'] as const) {
      const me = await twoDays();
      const before = await snapshot(t.db, me.userId);
      const res = await importFile(me.api, { source: 'lingualog-csv', content: file, mode, dryRun: true });
      expect(res.json()).toEqual({ dryRun: true, languages: ['Spanish'], days: 2, minutes: 70, replacedDays: mode === 'merge' ? 1 : 2 });
      expect(await snapshot(t.db, me.userId)).toEqual(before);
    }
  });

  it('importing the same file twice gives the same data as importing it once', async () => {
    for (const mode of ['merge', 'replace'] as const) {
      const me = await twoDays();
      await importFile(me.api, { source: 'lingualog-csv', content: file, mode });
      const once = await snapshot(t.db, me.userId);
      const second = await importFile(me.api, { source: 'lingualog-csv', content: file, mode });
      expect(second.json()).toMatchObject({ replacedDays: 0 });
      expect(await snapshot(t.db, me.userId)).toEqual(once);
    }
    const me = await learnerWithHistory(t.app, t.db);
    const json = (await exported(me.api, 'json')).body;
    const before = await snapshot(t.db, me.userId);
    expect((await importFile(me.api, { source: 'lingualog-json', content: json, mode: 'replace' })).json()).toMatchObject({ replacedDays: 0 });
    expect(await snapshot(t.db, me.userId)).toEqual(before);
  });

  it('a file\'s achieved answer is kept where it differs from what the goal gives', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    await importFile(me.api, { source: 'lingualog-csv', content: csv(['Spanish,2025-02-01,5,0,0,0,true', 'Spanish,2025-02-02,50,0,0,0,false', 'Spanish,2025-02-03,50,0,0,0,true']) });
    const all = (await me.api.get('/api/user/daily-activity/all')).json() as { achieved: boolean }[];
    expect(all.map((d) => d.achieved)).toEqual([true, false, true]);
  });
});
