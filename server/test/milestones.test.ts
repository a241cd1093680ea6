import { expect, it } from 'vitest';
import { DEFAULT_MILESTONES, MILESTONE_MAX_HOURS, MILESTONE_MIN_HOURS, type Milestones } from '@common/domain';
import { describeDb, signUp, testAppForFile, todayIso } from './helper';
import { caller, expectError, newLearner } from './requests';

const t = testAppForFile();
const learner = (language?: string) => newLearner(t.app, language);

const custom: Milestones = { level1: 1, level2: 2, level3: 3, level4: 4, level5: 5, level6: 6 };

describeDb('milestones', () => {
  it('reads the defaults before any language is chosen, and saving then is 409 NO_LANGUAGE', async () => {
    const api = caller(t.app, (await signUp(t.app)).cookie);
    expect((await api.get('/api/user/milestones')).json()).toEqual(DEFAULT_MILESTONES);
    expectError(await api.post('/api/user/milestones', custom), 409, 'NO_LANGUAGE');
  });

  it('saves strictly increasing whole hours from 1 to 100000 and reads them back', async () => {
    const api = await learner();
    const widest = { ...custom, level6: MILESTONE_MAX_HOURS, level1: MILESTONE_MIN_HOURS };
    const res = await api.post('/api/user/milestones', widest);
    expect(res.statusCode).toBe(200);
    expect((await api.get('/api/user/milestones')).json()).toEqual(widest);
  });

  it.each([
    ['level1 below 1', { ...custom, level1: MILESTONE_MIN_HOURS - 1 }],
    ['level6 above 100000', { ...custom, level6: MILESTONE_MAX_HOURS + 1 }],
    ['two equal levels', { ...custom, level3: custom.level2 }],
    ['a decreasing pair', { ...custom, level4: 10, level5: 9, level6: 11 }],
  ])('rejects %s with 400 INVALID_MILESTONES and keeps the saved ones', async (_rule, body) => {
    const api = await learner();
    expectError(await api.post('/api/user/milestones', body), 400, 'INVALID_MILESTONES');
    expect((await api.get('/api/user/milestones')).json()).toEqual(DEFAULT_MILESTONES);
  });

  it.each([
    ['a fractional level', { ...custom, level2: 2.5 }],
    ['a level as a string', { ...custom, level2: '2' }],
    ['a missing level', { level1: 1, level2: 2, level3: 3, level4: 4, level5: 5 }],
  ])('rejects %s with 400 and keeps the saved ones', async (_rule, body) => {
    const api = await learner();
    const res = await api.post('/api/user/milestones', body);
    expect(res.statusCode).toBe(400);
    expect(['INVALID_MILESTONES', 'INVALID_INPUT']).toContain(res.json().error);
    expect((await api.get('/api/user/milestones')).json()).toEqual(DEFAULT_MILESTONES);
  });

  it('saved milestones decide the level at once', async () => {
    const api = await learner();
    await api.post('/api/user/daily-activity', { date: todayIso(), readingDailyMins: 3 * 60 });
    expect((await api.get('/api/user/progress')).json().currentLevel).toBe(0);
    await api.post('/api/user/milestones', custom);
    expect((await api.get('/api/user/progress')).json().currentLevel).toBe(3);
  });

  it('are kept per language; by-language reads another one, defaults for one never chosen', async () => {
    const api = await learner('Spanish');
    await api.post('/api/user/milestones', custom);
    await api.post('/api/user/language', { name: 'Russian' });
    expect((await api.get('/api/user/milestones')).json()).toEqual(DEFAULT_MILESTONES);
    expect((await api.get('/api/user/milestones/by-language?language=Spanish')).json()).toEqual(custom);
    expect((await api.get('/api/user/milestones/by-language?language=Greek')).json()).toEqual(DEFAULT_MILESTONES);
    expectError(await api.get('/api/user/milestones/by-language?language=Dothraki'), 400, 'UNKNOWN_LANGUAGE');
  });
});
