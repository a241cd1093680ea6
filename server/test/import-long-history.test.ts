import { expect, it } from 'vitest';
import { describeDb, testAppForFile } from './helper';
import { exported, importFile, learner, snapshot } from './dataSupport';

const t = testAppForFile();

const dateAfter = (start: string, days: number) => new Date(Date.parse(`${start}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** One goal change a day from 2000-01-01 on (the rules allow one a day), and a day logged on each. */
function longHistory(entries: number, language = 'Spanish') {
  const goalHistory = Array.from({ length: entries }, (_, i) => ({ from: dateAfter('2000-01-01', i), dailyGoalMinutes: 5 * (2 + (i % 100)) }));
  const days = Array.from({ length: entries }, (_, i) => ({
    date: dateAfter('2000-01-01', i), listeningDailyMins: 5 + (i % 7), readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0, achieved: i % 3 === 0,
  }));
  return {
    language,
    file: {
      format: 'lingualog', version: 1, exportedAt: new Date().toISOString(), email: 'someone@example.com', currentLanguage: language,
      restDays: { weekdays: [], periods: [] },
      languages: [{
        name: language, dailyGoalMinutes: goalHistory[goalHistory.length - 1].dailyGoalMinutes, goalHistory, previousHours: 0,
        milestones: { level1: 10, level2: 50, level3: 150, level4: 300, level5: 600, level6: 1000 }, days,
      }],
    },
  };
}

describeDb('POST /api/user/import: long goal histories', () => {
  it('a LinguaLog JSON file with one goal change a day since 2000 (9,800 entries) imports, every entry kept', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    const { file } = longHistory(9800);
    const res = await importFile(me.api, { source: 'lingualog-json', content: JSON.stringify(file), mode: 'replace' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: false, languages: ['Spanish'], days: 9800 });
    const back = (await exported(me.api, 'json')).json().languages[0];
    expect(back.goalHistory).toHaveLength(9800);
    expect(back.goalHistory).toEqual(file.languages[0].goalHistory);
    expect(back.days).toHaveLength(9800);
  }, 60_000);

  it('a goal change on every day up to today in two languages imports, and importing it again changes nothing', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    const today = new Date().toISOString().slice(0, 10);
    const every = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse('2000-01-01T00:00:00Z')) / 86_400_000) + 1;
    const spanish = longHistory(every, 'Spanish').file;
    spanish.languages.push({ ...longHistory(every, 'French').file.languages[0] });
    const content = JSON.stringify(spanish);
    expect((await importFile(me.api, { source: 'lingualog-json', content })).statusCode).toBe(200);
    const once = await snapshot(t.db, me.userId);
    expect(once.goals.length).toBe(2 * every);
    const again = await importFile(me.api, { source: 'lingualog-json', content });
    expect(again.statusCode, again.body.slice(0, 300)).toBe(200);
    expect(await snapshot(t.db, me.userId)).toEqual(once);
  }, 120_000);

  it('a goal history beyond the rules (two entries on one day) is a 400 naming the problem, never a 5xx', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    const { file } = longHistory(9800);
    const history = file.languages[0].goalHistory;
    history.splice(5000, 0, { ...history[4999] });
    const res = await importFile(me.api, { source: 'lingualog-json', content: JSON.stringify(file) });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json()).toMatchObject({ error: 'INVALID_IMPORT' });
    expect(JSON.stringify(res.json().problems)).toContain('one entry a day');
  }, 60_000);
});
