import { expect, it } from 'vitest';
import { DEFAULT_MILESTONES, DEFAULT_PREVIOUS_HOURS, PREVIOUS_HOURS_MAX, PREVIOUS_HOURS_STEP } from '@common/domain';
import { describeDb, signUp, testAppForFile } from './helper';
import { caller, expectError, newLearner } from './requests';

const t = testAppForFile();
const learner = (language?: string) => newLearner(t.app, language);

describeDb('previous time', () => {
  it('reads the default before any language is chosen, and saving then is 409 NO_LANGUAGE', async () => {
    const api = caller(t.app, (await signUp(t.app)).cookie);
    expect((await api.get('/api/user/previous-time')).json()).toEqual({ previousHours: DEFAULT_PREVIOUS_HOURS });
    expectError(await api.post('/api/user/previous-time', { previousHours: 10 }), 409, 'NO_LANGUAGE');
  });

  it.each([0, PREVIOUS_HOURS_STEP, 1230, PREVIOUS_HOURS_MAX])('saves %i hours and reads them back', async (hours) => {
    const api = await learner();
    const res = await api.post('/api/user/previous-time', { previousHours: hours });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ previousHours: hours });
    expect((await api.get('/api/user/previous-time')).json()).toEqual({ previousHours: hours });
  });

  it.each([
    ['not a multiple of 10', PREVIOUS_HOURS_STEP + 5],
    ['above 2000', PREVIOUS_HOURS_MAX + PREVIOUS_HOURS_STEP],
    ['negative', -PREVIOUS_HOURS_STEP],
    ['not an integer', 10.5],
    ['a numeric string', '10'],
    ['null', null],
  ])('rejects previous hours %s with 400 INVALID_INPUT and keeps the old value', async (_rule, hours) => {
    const api = await learner();
    await api.post('/api/user/previous-time', { previousHours: 100 });
    expectError(await api.post('/api/user/previous-time', { previousHours: hours }), 400, 'INVALID_INPUT');
    expect((await api.get('/api/user/previous-time')).json()).toEqual({ previousHours: 100 });
  });

  it('previous hours count towards the level', async () => {
    const api = await learner();
    await api.post('/api/user/previous-time', { previousHours: DEFAULT_MILESTONES.level3 });
    expect((await api.get('/api/user/progress')).json().currentLevel).toBe(3);
  });

  it("by-language answers another chosen language's hours, the default for one never chosen", async () => {
    const api = await learner('Spanish');
    await api.post('/api/user/previous-time', { previousHours: 250 });
    await api.post('/api/user/language', { name: 'German' });
    expect((await api.get('/api/user/previous-time')).json()).toEqual({ previousHours: DEFAULT_PREVIOUS_HOURS });
    expect((await api.get('/api/user/previous-time/by-language?language=Spanish')).json()).toEqual({ previousHours: 250 });
    expect((await api.get('/api/user/previous-time/by-language?language=Dutch')).json()).toEqual({
      previousHours: DEFAULT_PREVIOUS_HOURS,
    });
    expectError(await api.get('/api/user/previous-time/by-language?language=Elvish'), 400, 'UNKNOWN_LANGUAGE');
  });
});
