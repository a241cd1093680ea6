/**
 * #44 item 13: a real Toggl export has entries that name no skill. By default each is a problem
 * that quotes the entry; entriesWithoutSkill "skip" leaves them out, a skill counts them for it.
 */
import { expect, it } from 'vitest';
import { importFile, learner, problemsOf, snapshot } from './dataSupport';
import { describeDb, testAppForFile } from './helper';

const t = testAppForFile();
const HEADER = 'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount ()';
const entry = (date: string, project: string, description: string, duration: string, tags = '') =>
  `Ana,ana@example.com,,${project},,${description},No,${date},08:00:00,${date},09:00:00,${duration},${tags},`;
const FILE = [
  HEADER,
  entry('2025-03-14', 'Listening', 'Coffee Break Spanish', '00:30:00'),
  entry('2025-03-14', 'Spanish', 'Podcast episode 12', '00:25:00'),
  entry('2025-03-15', 'Reading', 'El Principito', '00:40:00'),
  entry('2025-03-15', '', '', '00:10:00'),
].join('\n');

async function days(api: Awaited<ReturnType<typeof learner>>['api']) {
  return (await api.get('/api/user/daily-activity/all')).json() as { date: string; listeningDailyMins: number; readingDailyMins: number; speakingDailyMins: number }[];
}

describeDb('Toggl entries that name no skill', () => {
  it('by default each untagged entry is a problem quoting its description, project, date and duration, and nothing is imported', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    const before = await snapshot(t.db, me.userId);
    const problems = problemsOf(await importFile(me.api, { source: 'toggl-csv', content: FILE }));
    expect(problems).toEqual([
      { line: 3, message: expect.stringContaining('"Podcast episode 12", project "Spanish", 2025-03-14, 00:25:00') },
      { line: 5, message: expect.stringContaining('no description, no project, 2025-03-15, 00:10:00') },
    ]);
    expect(problems[0].message).toMatch(/names no skill/);
    expect(await snapshot(t.db, me.userId)).toEqual(before);
  });

  it('"skip" leaves the untagged entries out, imports the rest and counts what it skipped', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    const dry = await importFile(me.api, { source: 'toggl-csv', content: FILE, entriesWithoutSkill: 'skip', dryRun: true });
    expect(dry.json()).toEqual({ dryRun: true, languages: ['Spanish'], days: 2, minutes: 70, replacedDays: 0, skippedEntries: 2 });
    const res = await importFile(me.api, { source: 'toggl-csv', content: FILE, entriesWithoutSkill: 'skip' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ days: 2, minutes: 70, skippedEntries: 2 });
    expect(await days(me.api)).toEqual([
      expect.objectContaining({ date: '2025-03-14', listeningDailyMins: 30, readingDailyMins: 0 }),
      expect.objectContaining({ date: '2025-03-15', listeningDailyMins: 0, readingDailyMins: 40 }),
    ]);
  });

  it('a skill counts the untagged entries for it; entries that name a skill keep theirs', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    const res = await importFile(me.api, { source: 'toggl-csv', content: FILE, entriesWithoutSkill: 'speaking' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ dryRun: false, languages: ['Spanish'], days: 2, minutes: 105, replacedDays: 0 });
    expect(await days(me.api)).toEqual([
      expect.objectContaining({ date: '2025-03-14', listeningDailyMins: 30, speakingDailyMins: 25 }),
      expect.objectContaining({ date: '2025-03-15', readingDailyMins: 40, speakingDailyMins: 10 }),
    ]);
  });

  it('"refuse" is the default written out; the option belongs to Toggl only and takes only its values', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    expect(problemsOf(await importFile(me.api, { source: 'toggl-csv', content: FILE, entriesWithoutSkill: 'refuse' }))).toHaveLength(2);
    expect((await importFile(me.api, { source: 'toggl-csv', content: FILE, entriesWithoutSkill: 'singing' })).json()).toMatchObject({ error: 'INVALID_INPUT' });
    const csv = 'language,date,listening_minutes,reading_minutes,speaking_minutes,writing_minutes,achieved';
    expect((await importFile(me.api, { source: 'lingualog-csv', content: csv, entriesWithoutSkill: 'skip' })).json()).toMatchObject({ error: 'INVALID_INPUT' });
  });
});
