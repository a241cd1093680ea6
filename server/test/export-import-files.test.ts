import { expect, it } from 'vitest';
import { describeDb, testAppForFile } from './helper';
import { fixture, importFile, learner, problemsOf, snapshot } from './dataSupport';

const t = testAppForFile();

const HEADER = 'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount ()';
const entry = (date: string, duration: string, project: string, tags = '', description = 'Study') =>
  `Ana,ana@example.com,,${project},,${description},No,${date},10:00:00,${date},11:00:00,${duration},${tags},`;
const LINGUALOG_HEADER = 'language,date,listening_minutes,reading_minutes,speaking_minutes,writing_minutes,achieved';
const lingualogCsv = (...rows: string[]) => [LINGUALOG_HEADER, ...rows].join('\n');

type Day = { date: string; listeningDailyMins: number; readingDailyMins: number; speakingDailyMins: number; writingDailyMins: number };
const minutesByDay = (days: Day[]) => Object.fromEntries(days.map((d) => [d.date, [d.listeningDailyMins, d.readingDailyMins, d.speakingDailyMins, d.writingDailyMins]]));

describeDb('POST /api/user/import: Toggl Track files', () => {
  it('maps projects to skills, counts an entry crossing midnight on its start day and rounds summed seconds', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    const skillMap = { Podcasts: 'listening', 'Graded readers': 'reading', Tandem: 'speaking', journal: 'writing' };
    const preview = await importFile(me.api, { source: 'toggl-csv', content: fixture('ana-spanish-mapped.csv'), skillMap, dryRun: true });
    expect(preview.json()).toEqual({ dryRun: true, languages: ['Spanish'], days: 3, minutes: 33 + 66 + 75 + 20 + 150 + 30, replacedDays: 0 });
    expect((await me.api.get('/api/user/daily-activity/all')).json()).toEqual([]);

    expect((await importFile(me.api, { source: 'toggl-csv', content: fixture('ana-spanish-mapped.csv'), skillMap })).statusCode).toBe(200);
    expect(minutesByDay((await me.api.get('/api/user/daily-activity/all')).json())).toEqual({
      '2025-03-14': [33, 66, 75, 0],
      '2025-03-15': [20, 0, 0, 150],
      '2025-03-16': [30, 0, 0, 0],
    });
    expect((await me.api.get('/api/user/progress')).json()).toMatchObject({ totalOverallMins: 374 });
  });

  it('without a map, a tag, a project or a description word naming a skill decides; entries go to the named language', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    const res = await importFile(me.api, { source: 'toggl-csv', content: fixture('ben-japanese-named.csv'), language: 'Japanese' });
    expect(res.json()).toMatchObject({ languages: ['Japanese'], days: 2 });
    expect(minutesByDay((await me.api.get('/api/user/daily-activity/all?language=Japanese')).json())).toEqual({
      '2025-06-01': [45, 25, 90, 0],
      '2025-06-02': [0, 40, 0, 70],
    });
    expect((await me.api.get('/api/user/language')).json()).toEqual({ name: 'Spanish' });
    expect((await me.api.get('/api/user/progress')).json().languages).toEqual([{ name: 'Japanese' }, { name: 'Spanish' }]);
  });

  it("merging the same Toggl file again changes nothing; new entries for a day replace that day's minutes of their skill only (#31)", async () => {
    const me = await learner(t.app, t.db, 'Japanese');
    const content = fixture('ben-japanese-named.csv');
    await importFile(me.api, { source: 'toggl-csv', content });
    const once = await snapshot(t.db, me.userId);
    expect((await importFile(me.api, { source: 'toggl-csv', content })).json()).toMatchObject({ replacedDays: 0 });
    expect(await snapshot(t.db, me.userId)).toEqual(once);
    const before = minutesByDay((await me.api.get('/api/user/daily-activity/all')).json())['2025-06-01'] ?? [0, 0, 0, 0];
    await importFile(me.api, { source: 'toggl-csv', content: [HEADER, entry('2025-06-01', '00:10:00', 'x', 'reading')].join('\n') });
    expect(minutesByDay((await me.api.get('/api/user/daily-activity/all')).json())['2025-06-01']).toEqual([before[0], 10, before[2], before[3]]);
  });
});

describeDb('POST /api/user/import: every rejection names its lines and changes nothing', () => {
  const cases: { name: string; source: 'lingualog-csv' | 'toggl-csv' | 'lingualog-json'; content: string; lines: number[]; text: RegExp }[] = [
    { name: 'an unknown language', source: 'lingualog-csv', content: lingualogCsv('Spanish,2025-01-01,5,0,0,0,', 'Klingon,2025-01-02,5,0,0,0,'), lines: [3], text: /Klingon.*not a language/ },
    { name: 'a date before 2000', source: 'lingualog-csv', content: lingualogCsv('Spanish,1999-12-31,5,0,0,0,'), lines: [2], text: /before 2000-01-01/ },
    { name: 'a future date', source: 'lingualog-csv', content: lingualogCsv('Spanish,2999-01-01,5,0,0,0,'), lines: [2], text: /not started yet/ },
    { name: 'a day twice', source: 'lingualog-csv', content: lingualogCsv('Spanish,2025-01-01,5,0,0,0,', 'Spanish,2025-01-01,6,0,0,0,'), lines: [3], text: /twice \(first on line 2\)/ },
    { name: 'a skill over 16 hours', source: 'lingualog-csv', content: lingualogCsv('Spanish,2025-01-01,961,0,0,0,'), lines: [2], text: /at most 960/ },
    { name: 'a day over 24 hours', source: 'lingualog-csv', content: lingualogCsv('Spanish,2025-01-01,900,300,300,0,'), lines: [2], text: /at most 1440/ },
    { name: 'a formula instead of minutes', source: 'lingualog-csv', content: lingualogCsv('Spanish,2025-01-01,=1+1,0,0,0,', 'Spanish,2025-01-02,@SUM(A1),0,0,0,'), lines: [2, 3], text: /not a whole number/ },
    { name: 'text read with the wrong encoding', source: 'lingualog-csv', content: lingualogCsv('Spanish,2025-01-01,5,0,0,0,', 'Espa\uFFFDol,2025-01-02,5,0,0,0,'), lines: [3], text: /UTF-8/ },
    { name: 'UTF-16 read as text', source: 'toggl-csv', content: `\u0000${HEADER.split('').join('\u0000')}`, lines: [1], text: /UTF-8/ },
    { name: 'a huge line', source: 'lingualog-csv', content: lingualogCsv('Spanish,2025-01-01,5,0,0,0,', `Spanish,2025-01-02,5,0,0,0,${'x'.repeat(20_000)}`), lines: [3], text: /too long/ },
    { name: 'an unclosed quote', source: 'lingualog-csv', content: lingualogCsv('"Spanish,2025-01-01,5,0,0,0,'), lines: [2], text: /never closed/ },
    { name: 'a wrong header', source: 'lingualog-csv', content: 'lang,day,minutes\nSpanish,2025-01-01,5', lines: [1], text: /header/ },
    { name: 'a missing cell', source: 'lingualog-csv', content: lingualogCsv('Spanish,2025-01-01,5,0,0'), lines: [2], text: /5 cells/ },
    { name: 'an absurd Toggl duration', source: 'toggl-csv', content: [HEADER, entry('2025-01-01', '9999:00:00', 'reading')].join('\n'), lines: [2], text: /longer than a day/ },
    { name: 'a Toggl duration that is not H:MM:SS', source: 'toggl-csv', content: [HEADER, entry('2025-01-01', '1.5h', 'reading')].join('\n'), lines: [2], text: /H:MM:SS/ },
    { name: 'a Toggl entry naming no skill', source: 'toggl-csv', content: [HEADER, entry('2025-01-01', '01:00:00', 'reading'), entry('2025-01-01', '01:00:00', 'Client work')].join('\n'), lines: [3], text: /names no skill/ },
    { name: 'Toggl entries over 16 hours of one skill on a day', source: 'toggl-csv', content: [HEADER, ...Array.from({ length: 3 }, () => entry('2025-01-01', '06:00:00', 'reading'))].join('\n'), lines: [4], text: /at most 960/ },
    { name: 'a file that is not Toggl', source: 'toggl-csv', content: lingualogCsv('Spanish,2025-01-01,5,0,0,0,'), lines: [1], text: /Start date/ },
    { name: 'JSON that does not parse', source: 'lingualog-json', content: '{\n  "format": "lingualog",\n  "version": 1,\n  oops\n}', lines: [4], text: /not valid JSON/ },
    { name: 'an empty file', source: 'lingualog-csv', content: '', lines: [0], text: /empty/ },
  ];

  for (const c of cases) {
    it(`${c.name}`, async () => {
      const me = await learner(t.app, t.db, 'Spanish');
      await importFile(me.api, { source: 'lingualog-csv', content: lingualogCsv('Spanish,2024-12-24,15,0,0,0,') });
      const before = await snapshot(t.db, me.userId);
      for (const mode of ['merge', 'replace'] as const) {
        const problems = problemsOf(await importFile(me.api, { source: c.source, content: c.content, mode }));
        expect(problems.map((p) => p.line)).toEqual(c.lines);
        for (const p of problems) expect(p.message).toMatch(c.text);
      }
      expect(await snapshot(t.db, me.userId)).toEqual(before);
    });
  }

  it('JSON problems name the line of the day, goal or setting that breaks a rule', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    const file = (await me.api.get('/api/user/export')).json();
    file.languages[0].previousHours = 15;
    file.languages[0].days = [
      { date: '2025-01-01', achieved: false, listeningDailyMins: 5, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0 },
      { date: '2025-01-02', achieved: false, listeningDailyMins: 5, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 2000 },
      { date: '2025-01-03', achieved: false, listeningDailyMins: 5, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0, extra: 1 },
    ];
    const content = JSON.stringify(file, null, 2);
    const lines = content.split('\n');
    const lineOf = (text: string) => lines.findIndex((l) => l.includes(text)) + 1;
    const problems = problemsOf(await importFile(me.api, { source: 'lingualog-json', content }));
    expect(problems).toEqual([
      { line: lineOf('"previousHours"'), message: expect.stringMatching(/previousHours/) },
      { line: lineOf('"2025-01-02"') - 1, message: expect.stringMatching(/960/) },
      { line: lineOf('"2025-01-03"') - 1, message: expect.stringMatching(/unknown field "extra"/) },
    ]);
  });

  it('a JSON file that starts a language not offered, or restores impossible rest days, is refused whole', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    const before = await snapshot(t.db, me.userId);
    const file = (await me.api.get('/api/user/export')).json();
    file.languages.push({ ...file.languages[0], name: 'Elvish' });
    file.restDays = { weekdays: [0, 1, 2, 3, 4, 5, 6], periods: [{ from: '2025-02-01', to: '2025-01-01' }] };
    const problems = problemsOf(await importFile(me.api, { source: 'lingualog-json', content: JSON.stringify(file, null, 2) }));
    expect(problems.map((p) => p.message).join('\n')).toMatch(/Elvish[\s\S]*|weekdays/);
    expect(problems).toHaveLength(3);
    expect(await snapshot(t.db, me.userId)).toEqual(before);
  });

  it('toggl-csv needs a language: the current one or one named; language and skillMap belong to Toggl only', async () => {
    const nobody = await learner(t.app, t.db);
    expect(problemsOf(await importFile(nobody.api, { source: 'toggl-csv', content: fixture('ben-japanese-named.csv') }))[0]).toEqual({ line: 0, message: expect.stringMatching(/Choose a language/) });
    expect(problemsOf(await importFile(nobody.api, { source: 'toggl-csv', content: fixture('ben-japanese-named.csv'), language: 'Quenya' }))[0].message).toMatch(/Quenya/);
    expect((await importFile(nobody.api, { source: 'lingualog-csv', content: LINGUALOG_HEADER, language: 'Spanish' })).json()).toMatchObject({ error: 'INVALID_INPUT' });
    expect((await importFile(nobody.api, { source: 'toggl-csv', content: '', skillMap: { x: 'singing' } })).json()).toMatchObject({ error: 'INVALID_INPUT' });
  });

  it('cells our export neutralised as text are read back as their text', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    expect((await importFile(me.api, { source: 'lingualog-csv', content: lingualogCsv("Spanish,2025-01-01,'-0,0,0,0,") })).statusCode).toBe(400);
    expect((await importFile(me.api, { source: 'lingualog-csv', content: lingualogCsv('Spanish,2025-01-01,5,0,0,0,') })).statusCode).toBe(200);
  });
});

describeDb('POST /api/user/import: the 5 MiB bound', () => {
  const rowsFor = (language: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${language},${new Date(Date.UTC(2000, 0, 1 + i)).toISOString().slice(0, 10)},15,15,15,15,false`);

  it('a body just under 5 MiB is read (a dry run of years of days in many languages); one over it is 413 and changes nothing', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    const languages = ['Spanish', 'French', 'German', 'Italian', 'Japanese', 'Korean', 'Portuguese', 'Russian', 'Arabic', 'Hindi', 'Turkish', 'Dutch', 'Polish', 'Greek', 'Swedish', 'Ukrainian', 'Vietnamese'];
    const rows: string[] = [];
    for (const language of languages) rows.push(...rowsFor(language, 9000));
    let content = [LINGUALOG_HEADER, ...rows].join('\n');
    const limit = 5 * 1024 * 1024;
    const bodySize = () => JSON.stringify({ mode: 'merge', dryRun: true, source: 'lingualog-csv', content }).length;
    // A body's JSON escapes each newline as two characters, so cut until the whole body fits.
    while (bodySize() > limit - 1000) content = content.slice(0, content.lastIndexOf('\n', content.length - (bodySize() - limit + 1000)));
    const res = await importFile(me.api, { source: 'lingualog-csv', content, dryRun: true });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().days).toBe(content.split('\n').length - 1);
    expect(bodySize()).toBeGreaterThan(limit - 64 * 1024);

    const before = await snapshot(t.db, me.userId);
    const tooBig = await importFile(me.api, { source: 'lingualog-csv', content: content + '\n' + rowsFor('Finnish', 2000).join('\n') });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
    expect(await snapshot(t.db, me.userId)).toEqual(before);
  });

  it('other calls keep their small body limit', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    const res = await me.api.post('/api/user/language', { name: 'x'.repeat(100_000) });
    expect(res.statusCode).toBe(413);
  });
});
