import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_DAILY_GOAL_MINUTES, DEFAULT_MILESTONES, DEFAULT_PREVIOUS_HOURS } from '@common/domain';
import type { Language } from '@common/api-types';
import { buildTestApp, describeDb, signUp, todayIso, withLanguage } from './helper';
import { caller, expectError } from './requests';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describeDb('GET /api/languages', () => {
  it('is public and lists at least 50 distinct languages as {name}, sorted by name', async () => {
    const res = await caller(t.app).get('/api/languages');
    expect(res.statusCode).toBe(200);
    const list = res.json<Language[]>();
    expect(list.length).toBeGreaterThanOrEqual(50);
    for (const item of list) expect(Object.keys(item)).toEqual(['name']);
    const names = list.map((l) => l.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names).toEqual(expect.arrayContaining(['English', 'French', 'German', 'Italian', 'Japanese', 'Korean', 'Spanish']));
  });
});

describeDb('current language', () => {
  it('before any choice the user has no language: {name: null} and hasLanguage false', async () => {
    const { cookie } = await signUp(t.app);
    const api = caller(t.app, cookie);
    expect((await api.get('/api/user/language')).json()).toEqual({ name: null });
    expect((await api.get('/api/user/has-language')).json()).toEqual({ hasLanguage: false });
  });

  it('choosing a language answers 200 {name} and makes it current', async () => {
    const { cookie } = await signUp(t.app);
    const api = caller(t.app, cookie);
    const res = await api.post('/api/user/language', { name: 'Japanese' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Japanese' });
    expect((await api.get('/api/user/language')).json()).toEqual({ name: 'Japanese' });
    expect((await api.get('/api/user/has-language')).json()).toEqual({ hasLanguage: true });
  });

  it('an unknown language is 400 UNKNOWN_LANGUAGE and changes nothing', async () => {
    const { cookie } = await signUp(t.app);
    await withLanguage(t.app, cookie, 'Spanish');
    const api = caller(t.app, cookie);
    expectError(await api.post('/api/user/language', { name: 'Klingon' }), 400, 'UNKNOWN_LANGUAGE');
    expect((await api.get('/api/user/language')).json()).toEqual({ name: 'Spanish' });
    expect((await api.get('/api/user/progress')).json().languages).toEqual([{ name: 'Spanish' }]);
  });

  it('a missing or non-string name is 400 INVALID_INPUT', async () => {
    const api = caller(t.app, (await signUp(t.app)).cookie);
    expectError(await api.post('/api/user/language', {}), 400, 'INVALID_INPUT');
    expectError(await api.post('/api/user/language', { name: 7 }), 400, 'INVALID_INPUT');
  });

  it('the first pick of a language starts from the defaults: goal 30, previous hours 0, default milestones', async () => {
    const { cookie } = await signUp(t.app);
    await withLanguage(t.app, cookie, 'Italian');
    const api = caller(t.app, cookie);
    expect((await api.get('/api/user/daily-goal')).json()).toEqual({ dailyGoalMinutes: DEFAULT_DAILY_GOAL_MINUTES });
    expect((await api.get('/api/user/previous-time')).json()).toEqual({ previousHours: DEFAULT_PREVIOUS_HOURS });
    expect((await api.get('/api/user/milestones')).json()).toEqual(DEFAULT_MILESTONES);
  });

  it('switching back to a language keeps all of its data, and each language keeps its own', async () => {
    const { cookie } = await signUp(t.app);
    const api = caller(t.app, cookie);
    const date = todayIso();
    await withLanguage(t.app, cookie, 'Spanish');
    await api.post('/api/user/daily-goal', { dailyGoalMinutes: 60, date });
    await api.post('/api/user/previous-time', { previousHours: 100 });
    await api.post('/api/user/milestones', { ...DEFAULT_MILESTONES, level1: 10 });
    await api.post('/api/user/daily-activity', { date, readingDailyMins: 25 });

    await withLanguage(t.app, cookie, 'French');
    expect((await api.get('/api/user/daily-goal')).json()).toEqual({ dailyGoalMinutes: DEFAULT_DAILY_GOAL_MINUTES });
    expect((await api.get(`/api/user/daily-activity?date=${date}`)).json().totalDailyMins).toBe(0);
    expect((await api.get('/api/user/daily-activity/all')).json()).toEqual([]);

    await withLanguage(t.app, cookie, 'Spanish');
    expect((await api.get('/api/user/daily-goal')).json()).toEqual({ dailyGoalMinutes: 60 });
    expect((await api.get('/api/user/previous-time')).json()).toEqual({ previousHours: 100 });
    expect((await api.get('/api/user/milestones')).json()).toEqual({ ...DEFAULT_MILESTONES, level1: 10 });
    expect((await api.get(`/api/user/daily-activity?date=${date}`)).json().readingDailyMins).toBe(25);
  });

  it('progress lists every language the user has started, once each', async () => {
    const { cookie } = await signUp(t.app);
    for (const name of ['German', 'Korean', 'German']) await withLanguage(t.app, cookie, name);
    const { languages } = (await caller(t.app, cookie).get('/api/user/progress')).json<{ languages: Language[] }>();
    expect(languages.map((l) => l.name).sort()).toEqual(['German', 'Korean']);
  });
});
