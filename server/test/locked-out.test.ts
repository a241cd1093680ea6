/**
 * Locked out means locked out (API contract, fifth edition): a reset by email ends every way in,
 * and a password change in Settings does the same unless the learner keeps the tools. SQLite and PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { issueReset } from '../src/domain/passwordReset';
import { resetEmail } from '../src/domain/resetEmail';
import { describeDb, signUp, testAppForFile, todayIso, withLanguage } from './helper';
import { caller, expectError } from './requests';

const t = testAppForFile();
const TOKENS = '/api/user/tokens';

async function learnerWithEverything(app: FastifyInstance) {
  const account = await signUp(app);
  await withLanguage(app, account.cookie, 'Spanish');
  const tokens: string[] = [];
  for (const scope of ['log', 'read']) {
    const res = await app.inject({ method: 'POST', url: TOKENS, headers: { cookie: account.cookie }, payload: { name: `Tool ${scope}`, scope, password: account.password } });
    expect(res.statusCode, res.body).toBe(201);
    tokens.push(res.json().token);
  }
  const user = await t.db.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirstOrThrow();
  const userId = Number(user.id);
  for (const device of ['phone', 'laptop']) {
    await t.db
      .insertInto('push_subscriptions')
      .values({ user_id: userId, endpoint: `https://push.example.com/${device}-${userId}`, p256dh: 'p256dh', auth: 'auth', created_at: 0 })
      .execute();
  }
  // A keyed add through the log token, so the token has a key to take with it.
  const keyed = await app.inject({
    method: 'POST',
    url: '/api/user/daily-activity',
    headers: { authorization: `Bearer ${tokens[0]}`, 'idempotency-key': `locked-out-key-${userId}` },
    payload: { date: todayIso(), listeningDailyMins: 5 },
  });
  expect(keyed.statusCode, keyed.body).toBe(200);
  return { ...account, userId, tokens };
}

const tokenCall = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/api/user/progress', headers: { authorization: `Bearer ${token}` } });
const subscriptions = async (userId: number) => (await t.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).execute()).length;
const tokenRows = async (userId: number) => (await t.db.selectFrom('access_tokens').select('id').where('user_id', '=', userId).execute()).length;
const tokenKeys = async (userId: number) =>
  (await t.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', userId).where('token_id', 'is not', null).execute()).length;

describeDb('a reset by email ends every way in', () => {
  it('after the reset, every old token answers 401 UNAUTHENTICATED and the account has no push subscription', async () => {
    const learner = await learnerWithEverything(t.app);
    const other = await learnerWithEverything(t.app);
    for (const token of learner.tokens) expect((await tokenCall(t.app, token)).statusCode).toBe(200);
    expect(await subscriptions(learner.userId)).toBe(2);

    const issued = await issueReset(t.db, learner.email, Date.now());
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: issued?.token, password: 'a new long passphrase' } });
    expect(confirmed.statusCode, confirmed.body).toBe(204);

    for (const token of learner.tokens) expectError(await tokenCall(t.app, token), 401, 'UNAUTHENTICATED');
    expect(await subscriptions(learner.userId)).toBe(0);
    expect(await tokenRows(learner.userId)).toBe(0);
    expect(await tokenKeys(learner.userId)).toBe(0);
    expect((await caller(t.app, learner.cookie).get('/api/user/progress')).statusCode).toBe(401);
    // Another learner keeps everything.
    for (const token of other.tokens) expect((await tokenCall(t.app, token)).statusCode).toBe(200);
    expect(await subscriptions(other.userId)).toBe(2);
  });
});

it('the reset email says a reset signs out every device, stops every access token and turns reminders off', () => {
  const email = resetEmail('learner@example.com', 'http://localhost:3000/reset-password#token=abc');
  for (const body of [email.text, email.html]) {
    expect(body).toContain('every device signed in to your account is signed out');
    expect(body).toContain('every access token your tools use stops working');
    expect(body).toContain('reminders stop coming to every device');
  }
});

describeDb('POST /api/user/password: endEverything', () => {
  const change = (app: FastifyInstance, cookie: string, password: string, extra: object) =>
    app.inject({ method: 'POST', url: '/api/user/password', headers: { cookie }, payload: { currentPassword: password, newPassword: 'a new long passphrase', ...extra } });

  it.each([
    ['absent (default true)', {}],
    ['true', { endEverything: true }],
  ])('with endEverything %s the tokens answer 401 and the push subscriptions are gone; the session that changed it stays', async (_label, extra) => {
    const learner = await learnerWithEverything(t.app);
    const res = await change(t.app, learner.cookie, learner.password, extra);
    expect(res.statusCode, res.body).toBe(204);
    for (const token of learner.tokens) expectError(await tokenCall(t.app, token), 401, 'UNAUTHENTICATED');
    expect(await subscriptions(learner.userId)).toBe(0);
    expect(await tokenKeys(learner.userId)).toBe(0);
    expect((await caller(t.app, learner.cookie).get('/api/user/progress')).statusCode).toBe(200);
  });

  it('with endEverything false the tokens keep working and the push subscriptions stay; other sessions end either way', async () => {
    const learner = await learnerWithEverything(t.app);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: learner.email, password: learner.password } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const otherSession = `sid=${signIn.cookies.find((c) => c.name === 'sid')?.value}`;
    const res = await change(t.app, learner.cookie, learner.password, { endEverything: false });
    expect(res.statusCode, res.body).toBe(204);
    for (const token of learner.tokens) expect((await tokenCall(t.app, token)).statusCode).toBe(200);
    expect(await subscriptions(learner.userId)).toBe(2);
    expect((await caller(t.app, otherSession).get('/api/user/progress')).statusCode).toBe(401);
    expect((await caller(t.app, learner.cookie).get('/api/user/progress')).statusCode).toBe(200);
  });

  it('a wrong current password or an endEverything that is not a boolean changes nothing', async () => {
    const learner = await learnerWithEverything(t.app);
    expectError(await change(t.app, learner.cookie, 'not my password', {}), 401, 'INVALID_CREDENTIALS');
    expectError(await change(t.app, learner.cookie, learner.password, { endEverything: 'yes' }), 400, 'INVALID_INPUT');
    for (const token of learner.tokens) expect((await tokenCall(t.app, token)).statusCode).toBe(200);
    expect(await subscriptions(learner.userId)).toBe(2);
  });
});
