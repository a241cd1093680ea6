import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeDb, signUp, todayIso, withLanguage } from './helper';
import { caller, expectError, sessionCookie } from './requests';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describeDb('DELETE /api/user', () => {
  it('answers 204 and signs the user out at once', async () => {
    const { cookie } = await signUp(t.app);
    const res = await caller(t.app, cookie).del('/api/user');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectError(await caller(t.app, cookie).get('/api/auth/check'), 401, 'UNAUTHENTICATED');
  });

  it('ends every session of the user, not only the one that asked', async () => {
    const { cookie, email, password } = await signUp(t.app);
    const login = await caller(t.app).post('/api/auth/login', { email, password });
    const otherDevice = sessionCookie(login);
    await caller(t.app, cookie).del('/api/user');
    expectError(await caller(t.app, otherDevice).get('/api/user/progress'), 401, 'UNAUTHENTICATED');
  });

  it('the delete-account sequence works: delete, then logout answers 204', async () => {
    const { cookie } = await signUp(t.app);
    await caller(t.app, cookie).del('/api/user');
    expect((await caller(t.app, cookie).post('/api/auth/logout')).statusCode).toBe(204);
  });

  it('a later login with the same credentials fails like any wrong login', async () => {
    const { cookie, email, password } = await signUp(t.app);
    await caller(t.app, cookie).del('/api/user');
    expectError(await caller(t.app).post('/api/auth/login', { email, password }), 401, 'INVALID_CREDENTIALS');
  });

  it('the email can register again and starts from nothing', async () => {
    const { cookie, email } = await signUp(t.app);
    await withLanguage(t.app, cookie, 'Hindi');
    await caller(t.app, cookie).post('/api/user/daily-activity', { date: todayIso(), readingDailyMins: 30 });
    await caller(t.app, cookie).del('/api/user');

    const again = await signUp(t.app, email, 'a brand new password');
    const api = caller(t.app, again.cookie);
    expect((await api.get('/api/user/language')).json()).toEqual({ name: null });
    expect((await api.get('/api/user/progress')).json()).toMatchObject({ totalOverallMins: 0, languages: [] });
  });

  it('is 401 without a session and deletes nobody', async () => {
    const { email, password } = await signUp(t.app);
    expectError(await caller(t.app).del('/api/user'), 401, 'UNAUTHENTICATED');
    expect((await caller(t.app).post('/api/auth/login', { email, password })).statusCode).toBe(200);
  });
});
