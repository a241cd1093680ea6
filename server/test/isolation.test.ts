import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_DAILY_GOAL_MINUTES, DEFAULT_MILESTONES } from '@common/domain';
import { issueReset } from '../src/domain/passwordReset';
import { buildTestApp, describeDb, signUp, todayIso, withLanguage } from './helper';
import { addDays, caller, expectError, type Caller } from './requests';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const milestones = { level1: 5, level2: 10, level3: 20, level4: 40, level5: 80, level6: 160 };

/** A learner with data of every kind in Spanish. */
async function busyLearner(): Promise<{ api: Caller; cookie: string; email: string }> {
  const { cookie, email, password } = await signUp(t.app);
  await withLanguage(t.app, cookie, 'Spanish');
  const api = caller(t.app, cookie);
  await api.post('/api/user/tokens', { name: 'Anki', scope: 'log', password });
  // A password-reset link asked for (issue #41), as the operator's command makes one without mail.
  expect(await issueReset(t.app.db, email, Date.now())).not.toBeNull();
  // The daily reminder (issue #42): the setting and one device.
  await api.put('/api/user/reminder', { enabled: true, time: '20:00', timeZone: 'Europe/Berlin', skipWhenGoalMet: true });
  const device = createECDH('prime256v1');
  device.generateKeys();
  const keys = { p256dh: device.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  await api.post('/api/user/push-subscriptions', { endpoint: `https://push.example.org/${randomUUID()}`, keys });
  const today = todayIso();
  await api.post('/api/user/daily-goal', { dailyGoalMinutes: 90, date: today });
  await api.post('/api/user/previous-time', { previousHours: 30 });
  await api.post('/api/user/milestones', milestones);
  await api.post('/api/user/rest-days', { weekdays: [0], periods: [{ from: addDays(today, -7), to: addDays(today, -5) }] });
  await api.post('/api/user/daily-activity', { date: today, listeningDailyMins: 50 });
  await t.app.inject({ method: 'POST', url: '/api/user/daily-activity', headers: { cookie, 'idempotency-key': randomUUID() }, payload: { date: today, readingDailyMins: 5 } });
  // A timer stopped (its id kept as stopped, issue #39), then one running.
  const stopped = randomUUID();
  await api.put('/api/user/timer', { id: stopped, skill: 'writing', startedAt: new Date().toISOString() });
  await api.del(`/api/user/timer/${stopped}`);
  await api.put('/api/user/timer', { id: randomUUID(), skill: 'speaking', startedAt: new Date().toISOString() });
  await api.patch('/api/user/daily-activity', {
    date: addDays(today, -1),
    isToday: false,
    listeningDailyMins: 10,
    readingDailyMins: 20,
    speakingDailyMins: 0,
    writingDailyMins: 0,
    achieved: true,
  });
  // Insights remember settled months: the month of 70 days ago is one.
  await api.get(`/api/user/stats?from=${addDays(today, -70).slice(0, 7)}-01&to=${today}&bucket=month`);
  return { api, cookie, email };
}

/** Everything user A can read about their own data, to compare before and after B acts. */
async function snapshot(api: Caller) {
  const today = todayIso();
  const paths = [
    '/api/user/language',
    '/api/user/daily-goal',
    '/api/user/previous-time',
    '/api/user/milestones',
    '/api/user/progress',
    '/api/user/daily-activity/all',
    `/api/user/daily-activity?date=${today}`,
    `/api/user/calendar/month-total?today=${today}`,
  ];
  return Promise.all(paths.map(async (p) => (await api.get(p)).json()));
}

describeDb('one user never sees or changes another user’s data', () => {
  it("user B reads only B's own defaults, even naming A's language", async () => {
    await busyLearner();
    const { cookie } = await signUp(t.app);
    const b = caller(t.app, cookie);
    expect((await b.get('/api/user/language')).json()).toEqual({ name: null });
    expect((await b.get('/api/user/daily-activity/all')).json()).toEqual([]);
    expect((await b.get('/api/user/daily-goal/by-language?language=Spanish')).json()).toEqual({
      dailyGoalMinutes: DEFAULT_DAILY_GOAL_MINUTES,
    });
    expect((await b.get('/api/user/milestones/by-language?language=Spanish')).json()).toEqual(DEFAULT_MILESTONES);
    expect((await b.get('/api/user/previous-time/by-language?language=Spanish')).json()).toEqual({ previousHours: 0 });
    await withLanguage(t.app, cookie, 'Spanish');
    expect((await b.get('/api/user/progress')).json()).toMatchObject({ totalOverallMins: 0, currentLevel: 0 });
    expect((await b.get(`/api/user/calendar/month-total?today=${todayIso()}`)).json()).toEqual({ monthlyTotalMins: 0 });
  });

  it("whatever user B sends, user A's data stays as it was", async () => {
    const a = await busyLearner();
    const before = await snapshot(a.api);
    const { cookie } = await signUp(t.app);
    await withLanguage(t.app, cookie, 'Spanish');
    const b = caller(t.app, cookie);
    const today = todayIso();
    await b.post('/api/user/daily-goal', { dailyGoalMinutes: 5, date: today });
    await b.post('/api/user/previous-time', { previousHours: 2000 });
    await b.post('/api/user/milestones', DEFAULT_MILESTONES);
    await b.post('/api/user/daily-activity', { date: today, listeningDailyMins: 900 });
    await b.patch('/api/user/daily-activity', {
      date: addDays(today, -1),
      isToday: false,
      listeningDailyMins: 0,
      readingDailyMins: 0,
      speakingDailyMins: 0,
      writingDailyMins: 0,
      achieved: false,
    });
    expectError(await b.post('/api/user/daily-goal', { dailyGoalMinutes: 5, date: today, email: a.email }), 400, 'INVALID_INPUT');
    expectError(await b.post('/api/user/milestones', { ...milestones, userId: 1 }), 400, 'INVALID_INPUT');
    await b.post('/api/user/language', { name: 'French' });
    await b.del('/api/user');
    expect(await snapshot(a.api)).toEqual(before);
  });
});

describeDb('ended sessions', () => {
  const everyUserRoute = (date: string): Array<[string, string]> => [
    ['GET', '/api/user/language'],
    ['GET', '/api/user/has-language'],
    ['GET', '/api/user/daily-goal'],
    ['GET', '/api/user/previous-time'],
    ['GET', '/api/user/milestones'],
    ['GET', '/api/user/progress'],
    ['GET', '/api/user/daily-activity/all'],
    ['GET', `/api/user/daily-activity?date=${date}`],
    ['GET', `/api/user/calendar/month-total?today=${date}`],
    ['GET', `/api/user/calendar/summary?today=${date}`],
    ['GET', '/api/user/rest-days'],
    ['GET', '/api/user/timer'],
    ['DELETE', `/api/user/timer/${randomUUID()}`],
    ['DELETE', '/api/user'],
  ];

  it.each(['logout', 'account deletion'])('after %s the old cookie is 401 everywhere', async (ending) => {
    const { api, cookie } = await busyLearner();
    if (ending === 'logout') await api.post('/api/auth/logout');
    else await api.del('/api/user');
    for (const [method, url] of everyUserRoute(todayIso())) {
      const res = await t.app.inject({ method: method as 'GET' | 'DELETE', url, headers: { cookie } });
      expectError(res, 401, 'UNAUTHENTICATED');
    }
    const write = await api.post('/api/user/daily-activity', { date: todayIso(), readingDailyMins: 5 });
    expectError(write, 401, 'UNAUTHENTICATED');
  });
});

describeDb('account deletion', () => {
  it('leaves zero rows for the user in every table and keeps the other users’ rows', async () => {
    const other = await busyLearner();
    const doomed = await busyLearner();
    const idOf = async (email: string) =>
      (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const [doomedId, otherId] = [await idOf(doomed.email), await idOf(other.email)];

    // Found by introspection so that a table added later is covered without editing this test.
    const tables = await t.db.introspection.getTables();
    const userTables = tables.filter((table) => table.columns.some((c) => c.name === 'user_id'));
    const rowsOf = (userId: number) =>
      Promise.all(
        userTables.map(async (table) => {
          const name = table.schema ? `${table.schema}.${table.name}` : table.name;
          const query = sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)} where user_id = ${userId}`;
          const { rows } = await query.execute(t.db);
          return [table.name, Number(rows[0].n)] as const;
        }),
      );

    const doomedBefore = await rowsOf(doomedId);
    expect(doomedBefore.map(([, n]) => n).every((n) => n > 0), JSON.stringify(doomedBefore)).toBe(true);
    const otherBefore = await rowsOf(otherId);

    await doomed.api.del('/api/user');

    expect(await rowsOf(doomedId)).toEqual(doomedBefore.map(([name]) => [name, 0]));
    expect(await t.db.selectFrom('users').select('id').where('id', '=', doomedId).execute()).toEqual([]);
    expect(await rowsOf(otherId)).toEqual(otherBefore);
  });
});
