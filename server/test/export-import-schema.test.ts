/** The export file is declared once (exportFileSchema): the exporter writes it, the importer checks files against it. */
import { Ajv } from 'ajv';
import { expect, it } from 'vitest';
import { exportFileSchema, type ExportedLanguage, type ExportFile } from '@common/schemas/data';
import { describeDb, testAppForFile } from './helper';
import { exported, importFile, learner, learnerWithHistory, problemsOf, snapshot, visibleData } from './dataSupport';

const t = testAppForFile();
const matchesExportSchema = new Ajv({ allErrors: true, allowUnionTypes: true }).compile(exportFileSchema);

const lineOf = (content: string, text: string) => content.split('\n').findIndex((line) => line.includes(text)) + 1;

describeDb('The export file: one schema for the writer and the importer', () => {
  it('a file the exporter writes matches exportFileSchema exactly, and the importer takes it back whole', async () => {
    const me = await learnerWithHistory(t.app, t.db);
    expect((await me.api.post('/api/user/day-boundary', { dayEndsAtHour: 2 })).statusCode).toBe(200);
    const content = (await exported(me.api, 'json')).body;
    const file = JSON.parse(content);
    expect(matchesExportSchema(file), JSON.stringify(matchesExportSchema.errors)).toBe(true);

    const other = await learner(t.app, t.db);
    const res = await importFile(other.api, { source: 'lingualog-json', content, mode: 'replace' });
    expect(res.statusCode, res.body).toBe(200);
    const again = (await exported(other.api, 'json')).json();
    expect({ ...again, email: file.email, exportedAt: file.exportedAt }).toEqual(file);
    expect(await visibleData(other.api)).toEqual(await visibleData(me.api));
  });

  it('a file from an older export (no rest days, exportedAt, email, current language or achieved answers) still imports', async () => {
    const me = await learnerWithHistory(t.app, t.db);
    const { restDays: _r, exportedAt: _e, email: _m, currentLanguage: _c, ...rest } = (await exported(me.api, 'json')).json() as ExportFile;
    const withoutAchieved = (l: ExportedLanguage) => ({ ...l, days: l.days.map(({ achieved: _a, ...day }) => day) });
    const older = { ...rest, languages: rest.languages.map(withoutAchieved) };
    const other = await learner(t.app, t.db, 'French');
    const res = await importFile(other.api, { source: 'lingualog-json', content: JSON.stringify(older) });
    expect(res.json()).toMatchObject({ languages: ['German', 'Spanish'], days: 9 });
    expect((await other.api.get('/api/user/rest-days')).json()).toEqual({ weekdays: [], periods: [] });
    expect((await other.api.get('/api/user/language')).json()).toEqual({ name: 'French' });
    // The importer reads neither the instant nor the address, so hand edits to them do not matter.
    const edited = JSON.stringify({ ...older, exportedAt: 0, email: null });
    expect((await importFile(other.api, { source: 'lingualog-json', content: edited, dryRun: true })).statusCode).toBe(200);
  });

  it('a field the schema does not allow is refused with its line, wherever it is, and nothing changes', async () => {
    const me = await learnerWithHistory(t.app, t.db);
    const before = await snapshot(t.db, me.userId);
    const file = (await exported(me.api, 'json')).json();
    const [german, spanish] = file.languages;
    spanish.goalHistory[0] = { note: 'first goal', ...spanish.goalHistory[0] };
    spanish.days[2] = { mood: 'good', ...spanish.days[2] };
    german.milestones = { level7: 9000, ...german.milestones };
    const edited = {
      theme: 'dark',
      ...file,
      restDays: { holidays: [], ...file.restDays, periods: [{ why: 'trip', ...file.restDays.periods[0] }] },
      languages: [{ notes: 'x', ...german }, spanish],
    };
    const content = JSON.stringify(edited, null, 2);
    const objectAbove = (field: string) => lineOf(content, `"${field}"`) - 1;
    expect(problemsOf(await importFile(me.api, { source: 'lingualog-json', content }))).toEqual([
      { line: 1, message: 'the file has an unknown field "theme".' },
      { line: objectAbove('holidays'), message: 'restDays has an unknown field "holidays".' },
      { line: objectAbove('why'), message: 'A rest period is {"from", "to"}.' },
      { line: objectAbove('notes'), message: 'languages[0] has an unknown field "notes".' },
      { line: objectAbove('level7'), message: expect.stringMatching(/^milestones must be level1 to level6/) },
      { line: objectAbove('note'), message: 'languages[1].goalHistory[0] has an unknown field "note".' },
      { line: objectAbove('mood'), message: 'languages[1].days[2] has an unknown field "mood".' },
    ]);
    expect(await snapshot(t.db, me.userId)).toEqual(before);
  });

  it('a value of the wrong type is named in the importer\'s own words, at the line of its field or day', async () => {
    const me = await learnerWithHistory(t.app, t.db);
    const file = (await exported(me.api, 'json')).json();
    const spanish = file.languages[1];
    spanish.previousHours = '120';
    spanish.goalHistory[1].dailyGoalMinutes = null;
    spanish.days[2].listeningDailyMins = 'thirty';
    spanish.days[3].achieved = 'yes';
    const content = JSON.stringify({ ...file, version: 2, currentLanguage: 7, dayEndsAtHour: 'late' }, null, 2);
    const problems = problemsOf(await importFile(me.api, { source: 'lingualog-json', content }));
    expect(problems).toEqual(expect.arrayContaining([
      { line: lineOf(content, '"version"'), message: 'Only version 1 of the LinguaLog export can be imported.' },
      { line: lineOf(content, '"currentLanguage"'), message: 'currentLanguage must be a language name or null.' },
      { line: lineOf(content, '"dayEndsAtHour"'), message: 'dayEndsAtHour must be a whole hour from 0 to 4.' },
      { line: lineOf(content, '"previousHours": "120"'), message: 'previousHours must be a multiple of 10 from 0 to 2000.' },
      { line: lineOf(content, '"dailyGoalMinutes": null') - 2, message: 'A daily goal is a multiple of 5 from 5 to 720 minutes.' },
      { line: lineOf(content, '"thirty"') - 3, message: 'On 2023-05-02, listeningDailyMins must be a whole number of minutes.' },
      { line: lineOf(content, '"yes"') - 2, message: 'On 2023-05-03, achieved must be true or false.' },
    ]));
    expect(problems).toHaveLength(7);
  });

  it('a file broken on every day names its first 100 problems by line and counts the rest', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    const file = (await exported(me.api, 'json')).json();
    const date = (i: number) => new Date(Date.UTC(2010, 0, 1 + i)).toISOString().slice(0, 10);
    file.languages[0].days = Array.from({ length: 1500 }, (_, i) => ({ date: date(i), listeningDailyMins: 'ten', readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0 }));
    const content = JSON.stringify(file, null, 2);
    const problems = problemsOf(await importFile(me.api, { source: 'lingualog-json', content, dryRun: true }));
    expect(problems).toHaveLength(101);
    problems.slice(0, 100).forEach((problem, i) => {
      expect(problem).toEqual({ line: lineOf(content, `"${date(i)}"`) - 1, message: `On ${date(i)}, listeningDailyMins must be a whole number of minutes.` });
    });
    expect(problems[100]).toEqual({ line: 0, message: '…and 900 more problems.' });
  });
});
