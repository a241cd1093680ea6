/**
 * #31 item 5: a Toggl file speaks only for the skills it has entries for, so a merge replaces
 * those skills' minutes on its days and keeps the day's other skills as they were logged.
 */
import { expect, it } from 'vitest';
import { day, importFile, learner, problemsOf } from './dataSupport';
import { describeDb, testAppForFile } from './helper';

const t = testAppForFile();
const HEADER = 'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount ()';
const entry = (date: string, project: string, duration: string) => `Ana,ana@example.com,,${project},,,No,${date},08:00:00,${date},09:00:00,${duration},,`;
const toggl = (...lines: string[]) => [HEADER, ...lines].join('\n');

let stored: (date: string) => Promise<unknown>;

async function learnerWithDay(date: string, minutes: [number, number, number, number]) {
  const me = await learner(t.app, t.db, 'Spanish');
  expect((await me.api.patch('/api/user/daily-activity', day(date, ...minutes))).statusCode).toBe(200);
  stored = async (d: string) => {
    const days = (await me.api.get('/api/user/daily-activity/all')).json() as { date: string }[];
    return days.find((x) => x.date === d);
  };
  return me;
}

describeDb('Toggl merge touches only the skills the file names for that day', () => {
  it('53 + 14 + 13 and a file with 45 minutes of listening that day become 45 + 14 + 13', async () => {
    const me = await learnerWithDay('2025-03-14', [53, 14, 13, 0]);
    const res = await importFile(me.api, { source: 'toggl-csv', content: toggl(entry('2025-03-14', 'Listening', '00:45:00')) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored('2025-03-14')).toMatchObject({ listeningDailyMins: 45, readingDailyMins: 14, speakingDailyMins: 13, writingDailyMins: 0 });
  });

  it('every skill the file names that day is replaced, the others kept; days the file does not name stay as they were', async () => {
    const me = await learnerWithDay('2025-03-14', [53, 14, 13, 7]);
    expect((await me.api.patch('/api/user/daily-activity', day('2025-03-15', 20, 0, 0, 0))).statusCode).toBe(200);
    const content = toggl(entry('2025-03-14', 'Reading', '00:30:00'), entry('2025-03-14', 'Writing', '00:05:00'), entry('2025-03-16', 'Speaking', '00:10:00'));
    expect((await importFile(me.api, { source: 'toggl-csv', content })).statusCode).toBe(200);
    expect(await stored('2025-03-14')).toMatchObject({ listeningDailyMins: 53, readingDailyMins: 30, speakingDailyMins: 13, writingDailyMins: 5 });
    expect(await stored('2025-03-15')).toMatchObject({ listeningDailyMins: 20 });
    expect(await stored('2025-03-16')).toMatchObject({ listeningDailyMins: 0, speakingDailyMins: 10 });
  });

  it('replace mode still makes the day exactly the file\'s', async () => {
    const me = await learnerWithDay('2025-03-14', [53, 14, 13, 0]);
    const res = await importFile(me.api, { source: 'toggl-csv', content: toggl(entry('2025-03-14', 'Listening', '00:45:00')), mode: 'replace' });
    expect(res.statusCode).toBe(200);
    expect(await stored('2025-03-14')).toMatchObject({ listeningDailyMins: 45, readingDailyMins: 0, speakingDailyMins: 0 });
  });

  it('a merged day over the daily total is INVALID_IMPORT naming the day, and nothing changes', async () => {
    const me = await learnerWithDay('2025-03-14', [0, 900, 500, 0]);
    const res = await importFile(me.api, { source: 'toggl-csv', content: toggl(entry('2025-03-14', 'Listening', '01:00:00')) });
    expect(problemsOf(res)[0].message).toMatch(/On 2025-03-14, the four skills would hold 1460 minutes/);
    expect(await stored('2025-03-14')).toMatchObject({ listeningDailyMins: 0, readingDailyMins: 900, speakingDailyMins: 500 });
  });
});
