import { expect, it } from 'vitest';
import type { ActivityRecord, EditDailyActivity } from '@common/api-types';
import { DAILY_SKILL_LIMIT_MINS, DAILY_TOTAL_LIMIT_MINS, DEFAULT_DAILY_GOAL_MINUTES } from '@common/domain';
import { describeDb, signUp, testAppForFile, todayIso } from './helper';
import { addDays, caller, expectError, newLearner } from './requests';

const t = testAppForFile();
const learner = (language?: string) => newLearner(t.app, language);

function edit(date: string, minutes: Partial<EditDailyActivity> = {}): EditDailyActivity {
  return {
    date,
    isToday: date === todayIso(),
    listeningDailyMins: 0,
    readingDailyMins: 0,
    speakingDailyMins: 0,
    writingDailyMins: 0,
    ...minutes,
  };
}

const recordOn = async (api: ReturnType<typeof caller>, date: string) =>
  (await api.get('/api/user/daily-activity/all')).json<ActivityRecord[]>().find((r) => r.date === date);

describeDb('PATCH /api/user/daily-activity sets a day', () => {
  it('replaces the four values of a past day and answers the record', async () => {
    const api = await learner();
    const date = addDays(todayIso(), -3);
    await api.patch('/api/user/daily-activity', edit(date, { listeningDailyMins: 90, readingDailyMins: 15 }));
    const res = await api.patch('/api/user/daily-activity', edit(date, { readingDailyMins: 10, writingDailyMins: 5 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      date,
      achieved: false,
      listeningDailyMins: 0,
      readingDailyMins: 10,
      speakingDailyMins: 0,
      writingDailyMins: 5,
    });
    expect(await recordOn(api, date)).toEqual(res.json());
  });

  it('lists every day sorted by date', async () => {
    const api = await learner();
    const today = todayIso();
    for (const offset of [-2, -9, -5]) {
      await api.patch('/api/user/daily-activity', edit(addDays(today, offset), { readingDailyMins: 5 }));
    }
    const dates = (await api.get('/api/user/daily-activity/all')).json<ActivityRecord[]>().map((r) => r.date);
    expect(dates).toEqual([addDays(today, -9), addDays(today, -5), addDays(today, -2)]);
  });

  it('without an explicit answer, achieved is total >= goal', async () => {
    const api = await learner();
    const date = addDays(todayIso(), -1);
    const res = await api.patch('/api/user/daily-activity', edit(date, { speakingDailyMins: DEFAULT_DAILY_GOAL_MINUTES }));
    expect(res.json().achieved).toBe(true);
  });

  it("the learner's achieved answer overrides the computed value for a past day", async () => {
    const api = await learner();
    const lazyDay = addDays(todayIso(), -2);
    const busyDay = addDays(todayIso(), -4);
    await api.patch('/api/user/daily-activity', { ...edit(lazyDay), achieved: true });
    await api.patch('/api/user/daily-activity', { ...edit(busyDay, { readingDailyMins: 120 }), achieved: false });
    expect((await recordOn(api, lazyDay))?.achieved).toBe(true);
    expect((await recordOn(api, busyDay))?.achieved).toBe(false);
  });

  it('achieved may not be sent for today: 400 and nothing changes', async () => {
    const api = await learner();
    const today = todayIso();
    await api.post('/api/user/daily-activity', { date: today, readingDailyMins: 10 });
    const res = await api.patch('/api/user/daily-activity', { ...edit(today, { readingDailyMins: 0 }), achieved: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String), message: expect.stringMatching(/\S/) });
    expect(await recordOn(api, today)).toMatchObject({ readingDailyMins: 10, achieved: false });
  });

  it('today can be set without achieved, which is then computed', async () => {
    const api = await learner();
    const today = todayIso();
    const res = await api.patch('/api/user/daily-activity', edit(today, { writingDailyMins: DEFAULT_DAILY_GOAL_MINUTES + 5 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ writingDailyMins: DEFAULT_DAILY_GOAL_MINUTES + 5, achieved: true });
  });

  it('a date after tomorrow is 400 FUTURE_DATE', async () => {
    const api = await learner();
    expectError(await api.patch('/api/user/daily-activity', edit(addDays(todayIso(), 2), { readingDailyMins: 5 })), 400, 'FUTURE_DATE');
    expect((await api.get('/api/user/daily-activity/all')).json()).toEqual([]);
  });

  it.each(['2023-02-29', '2024-1-1'])('rejects the impossible date %s', async (date) => {
    expectError(await (await learner()).patch('/api/user/daily-activity', edit(date)), 400, 'INVALID_INPUT');
  });

  it.each([
    ['a missing skill field', { readingDailyMins: undefined }],
    ['negative minutes', { readingDailyMins: -1 }],
    ['fractional minutes', { readingDailyMins: 2.5 }],
    ['a missing isToday', { isToday: undefined }],
  ])('rejects %s as 400 INVALID_INPUT', async (_rule, change) => {
    const api = await learner();
    const body = JSON.parse(JSON.stringify({ ...edit(addDays(todayIso(), -1)), ...change }));
    expectError(await api.patch('/api/user/daily-activity', body), 400, 'INVALID_INPUT');
  });

  it('a skill over 960 is DAILY_TIME_EXCEEDED, a total over 1440 TOTAL_DAILY_TIME_EXCEEDED; both change nothing', async () => {
    const api = await learner();
    const date = addDays(todayIso(), -1);
    const saved = edit(date, { listeningDailyMins: DAILY_SKILL_LIMIT_MINS, readingDailyMins: DAILY_TOTAL_LIMIT_MINS - DAILY_SKILL_LIMIT_MINS });
    expect((await api.patch('/api/user/daily-activity', saved)).statusCode).toBe(200);

    const tooMuchSkill = edit(date, { speakingDailyMins: DAILY_SKILL_LIMIT_MINS + 1 });
    expectError(await api.patch('/api/user/daily-activity', tooMuchSkill), 400, 'DAILY_TIME_EXCEEDED');
    const tooMuchTotal = { ...saved, writingDailyMins: 1 };
    expectError(await api.patch('/api/user/daily-activity', tooMuchTotal), 400, 'TOTAL_DAILY_TIME_EXCEEDED');

    expect(await recordOn(api, date)).toMatchObject({
      listeningDailyMins: DAILY_SKILL_LIMIT_MINS,
      speakingDailyMins: 0,
      writingDailyMins: 0,
    });
  });

  it('is 409 NO_LANGUAGE before a language is chosen', async () => {
    const api = caller(t.app, (await signUp(t.app)).cookie);
    expectError(await api.patch('/api/user/daily-activity', edit(addDays(todayIso(), -1))), 409, 'NO_LANGUAGE');
  });
});
