import { expect, it } from 'vitest';
import type { Progress } from '@common/api-types';
import { DEFAULT_MILESTONES, MAX_LEVEL, PREVIOUS_HOURS_MAX } from '@common/domain';
import { buildTestApp, describeDb, signUp, testAppForFile, todayIso } from './helper';
import { addDays, caller, DAY_MS, expectError, manualClock, newLearner } from './requests';

const t = testAppForFile();
const learner = (language?: string) => newLearner(t.app, language);

const dayEdit = (date: string, minutes: Partial<Record<string, number>>) => ({
  date,
  isToday: false,
  listeningDailyMins: 0,
  readingDailyMins: 0,
  speakingDailyMins: 0,
  writingDailyMins: 0,
  ...minutes,
});

describeDb('GET /api/user/progress', () => {
  it('answers zeros, level 0 and no languages before any language is chosen', async () => {
    const api = caller(t.app, (await signUp(t.app)).cookie);
    expect((await api.get('/api/user/progress')).json()).toEqual({
      currentLevel: 0,
      totalOverallMins: 0,
      listeningOverallMins: 0,
      readingOverallMins: 0,
      speakingOverallMins: 0,
      writingOverallMins: 0,
      languages: [],
    });
  });

  it('sums every day per skill and overall, for the current language only', async () => {
    const api = await learner('Spanish');
    const today = todayIso();
    await api.patch('/api/user/daily-activity', dayEdit(addDays(today, -10), { listeningDailyMins: 100, writingDailyMins: 7 }));
    await api.patch('/api/user/daily-activity', dayEdit(addDays(today, -40), { listeningDailyMins: 20, readingDailyMins: 30 }));
    await api.post('/api/user/daily-activity', { date: today, speakingDailyMins: 45 });
    await api.post('/api/user/language', { name: 'French' });
    await api.post('/api/user/daily-activity', { date: today, readingDailyMins: 500 });
    await api.post('/api/user/language', { name: 'Spanish' });

    expect((await api.get('/api/user/progress')).json<Progress>()).toMatchObject({
      totalOverallMins: 202,
      listeningOverallMins: 120,
      readingOverallMins: 30,
      speakingOverallMins: 45,
      writingOverallMins: 7,
    });
  });
});

describeDb('level maths', () => {
  const level1 = DEFAULT_MILESTONES.level1;
  const previous = level1 - 10;
  const logged = (api: ReturnType<typeof caller>, mins: number) =>
    api.patch('/api/user/daily-activity', dayEdit(addDays(todayIso(), -1), { readingDailyMins: mins }));
  const level = async (api: ReturnType<typeof caller>) => (await api.get('/api/user/progress')).json<Progress>().currentLevel;

  it('whole logged hours plus previous hours reach a level exactly at its threshold', async () => {
    const api = await learner();
    await api.post('/api/user/previous-time', { previousHours: previous });
    await logged(api, (level1 - previous) * 60 - 1);
    expect(await level(api)).toBe(0);
    await logged(api, (level1 - previous) * 60);
    expect(await level(api)).toBe(1);
  });

  it('the level is the highest threshold reached, up to level 6', async () => {
    const api = await learner();
    await api.post('/api/user/previous-time', { previousHours: DEFAULT_MILESTONES.level6 - 10 });
    expect(await level(api)).toBe(5);
    await logged(api, 10 * 60 - 1);
    expect(await level(api)).toBe(5);
    await logged(api, 10 * 60);
    expect(await level(api)).toBe(MAX_LEVEL);
    await api.post('/api/user/previous-time', { previousHours: PREVIOUS_HOURS_MAX });
    expect(await level(api)).toBe(MAX_LEVEL);
  });

  it('previous hours alone at a threshold reach that level', async () => {
    const api = await learner();
    await api.post('/api/user/previous-time', { previousHours: DEFAULT_MILESTONES.level2 });
    expect(await level(api)).toBe(2);
    await api.post('/api/user/previous-time', { previousHours: DEFAULT_MILESTONES.level2 - 10 });
    expect(await level(api)).toBe(1);
  });
});

describeDb('GET /api/user/calendar/month-total', () => {
  it('totals exactly the calendar month containing the given day, leap days included', async () => {
    const clock = manualClock('2024-03-01T10:00:00Z');
    const h = await buildTestApp({ now: clock.now, sessionIdleMs: 30 * DAY_MS, sessionAbsoluteMs: 60 * DAY_MS });
    try {
      const api = await newLearner(h.app);
      await api.patch('/api/user/daily-activity', dayEdit('2024-01-31', { readingDailyMins: 1 }));
      await api.patch('/api/user/daily-activity', dayEdit('2024-02-01', { readingDailyMins: 20 }));
      await api.patch('/api/user/daily-activity', dayEdit('2024-02-29', { listeningDailyMins: 30, writingDailyMins: 5 }));
      await api.post('/api/user/daily-activity', { date: '2024-03-01', speakingDailyMins: 300 });

      const total = async (today: string) =>
        (await api.get(`/api/user/calendar/month-total?today=${today}`)).json<{ monthlyTotalMins: number }>();
      expect(await total('2024-02-15')).toEqual({ monthlyTotalMins: 55 });
      expect(await total('2024-02-29')).toEqual({ monthlyTotalMins: 55 });
      expect(await total('2024-03-01')).toEqual({ monthlyTotalMins: 300 });
      expect(await total('2024-01-01')).toEqual({ monthlyTotalMins: 1 });
      expect(await total('2023-02-01')).toEqual({ monthlyTotalMins: 0 });
    } finally {
      await h.close();
    }
  });

  it('answers 0 before any language is chosen', async () => {
    const api = caller(t.app, (await signUp(t.app)).cookie);
    expect((await api.get(`/api/user/calendar/month-total?today=${todayIso()}`)).json()).toEqual({ monthlyTotalMins: 0 });
  });

  it.each(['', '?today=2023-02-29', '?today=2024-1-1', '?today=2024-02'])('rejects the query "%s" with 400', async (query) => {
    const api = await learner();
    expectError(await api.get(`/api/user/calendar/month-total${query}`), 400, 'INVALID_INPUT');
  });
});
