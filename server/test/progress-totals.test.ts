/**
 * /progress reads running totals that every activity write keeps (not a sum over the history),
 * so each way of changing a day must move them exactly, including under concurrency.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ActivityRecord, Progress } from '@common/api-types';
import { SKILLS } from '@common/domain';
import { buildTestApp, describeDb, signUp, todayIso, withLanguage } from './helper';
import { addDays, caller, expectError } from './requests';

let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function learner() {
  const { cookie } = await signUp(t.app);
  await withLanguage(t.app, cookie, 'Spanish');
  return caller(t.app, cookie);
}

const dayEdit = (date: string, minutes: Partial<Record<string, number>>) => ({
  date, isToday: false, listeningDailyMins: 0, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0, ...minutes,
});

/** The totals recomputed from the learner's own day records, the definition /progress must match. */
async function expectTotalsMatchHistory(api: ReturnType<typeof caller>) {
  const days = (await api.get('/api/user/daily-activity/all')).json<ActivityRecord[]>();
  const progress = (await api.get('/api/user/progress')).json<Progress>();
  for (const skill of SKILLS) {
    const field = `${skill}DailyMins` as const;
    expect(progress[`${skill}OverallMins`]).toBe(days.reduce((sum, day) => sum + day[field], 0));
  }
  expect(progress.totalOverallMins).toBe(days.reduce((sum, day) => sum + SKILLS.reduce((s, skill) => s + day[`${skill}DailyMins`], 0), 0));
}

describeDb('overall totals follow every change to a day', () => {
  it('editing a day down, up and to zero moves the totals by the difference', async () => {
    const api = await learner();
    const day = addDays(todayIso(), -3);
    await api.patch('/api/user/daily-activity', dayEdit(day, { listeningDailyMins: 90, writingDailyMins: 30 }));
    await api.patch('/api/user/daily-activity', dayEdit(day, { listeningDailyMins: 10, readingDailyMins: 200 }));
    expect((await api.get('/api/user/progress')).json<Progress>()).toMatchObject({ listeningOverallMins: 10, readingOverallMins: 200, writingOverallMins: 0 });
    await api.patch('/api/user/daily-activity', dayEdit(day, {}));
    expect((await api.get('/api/user/progress')).json<Progress>().totalOverallMins).toBe(0);
  });

  it('a rejected add leaves the totals as they were', async () => {
    const api = await learner();
    const today = todayIso();
    await api.post('/api/user/daily-activity', { date: today, speakingDailyMins: 900 });
    expectError(await api.post('/api/user/daily-activity', { date: today, speakingDailyMins: 61 }), 400, 'DAILY_TIME_EXCEEDED');
    expect((await api.get('/api/user/progress')).json<Progress>()).toMatchObject({ speakingOverallMins: 900, totalOverallMins: 900 });
  });

  it('concurrent adds and edits of the same days leave totals equal to the sum of the days', async () => {
    const api = await learner();
    const today = todayIso();
    const yesterday = addDays(today, -1);
    await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => api.post('/api/user/daily-activity', { date: today, [`${SKILLS[i % 4]}DailyMins`]: 5 + i })),
      ...Array.from({ length: 6 }, (_, i) => api.patch('/api/user/daily-activity', dayEdit(yesterday, { readingDailyMins: 10 * (i + 1) }))),
      ...Array.from({ length: 6 }, (_, i) => api.patch('/api/user/daily-activity', { ...dayEdit(today, { writingDailyMins: i }), isToday: true })),
    ]);
    await expectTotalsMatchHistory(api);
  });
});
