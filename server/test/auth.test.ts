import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@common/domain';
import { buildTestApp, describeDb, signUp } from './helper';
import { caller, expectError, sessionCookie } from './requests';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const EMPTY_FIELDS = 'Input an email and password to continue';
const EMAIL_TOO_LONG = 'Email must be less than 100 characters';
const PASSWORD_LENGTH = 'Password must be between 8 and 100 characters';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let counter = 0;
const uniqueEmail = (tag: string) => `${tag}-${++counter}@example.com`;
const register = (email: string, password: string) => caller(t.app).post('/api/auth/register', { email, password });
const login = (email: string, password: string) => caller(t.app).post('/api/auth/login', { email, password });

describeDb('register', () => {
  it('creates the account, answers 201 {email} and signs the new user in', async () => {
    const email = uniqueEmail('new');
    const res = await register(email, 'correct horse');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email });
    const cookie = sessionCookie(res);
    const check = await caller(t.app, cookie).get('/api/auth/check');
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ email });
  });

  it('sets the session cookie HttpOnly, SameSite and for the whole site', async () => {
    const res = await register(uniqueEmail('cookie'), 'correct horse');
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid).toMatchObject({ httpOnly: true, path: '/' });
    expect(String(sid?.sameSite).toLowerCase()).toMatch(/^(lax|strict)$/);
    // An opaque token of at least 128 bits is at least 22 characters in any common encoding.
    expect(sid?.value.length).toBeGreaterThanOrEqual(22);
  });

  it.each([
    ['empty email', '', 'correct horse', EMPTY_FIELDS],
    ['empty password', 'x@example.com', '', EMPTY_FIELDS],
    ['email over 100 characters', `${'a'.repeat(EMAIL_MAX_LENGTH + 1 - '@example.com'.length)}@example.com`, 'correct horse', EMAIL_TOO_LONG],
    ['password under 8 characters', 'short@example.com', 'p'.repeat(PASSWORD_MIN_LENGTH - 1), PASSWORD_LENGTH],
    ['password over 100 characters', 'long@example.com', 'p'.repeat(PASSWORD_MAX_LENGTH + 1), PASSWORD_LENGTH],
  ])('rejects %s with the sign-up form wording', async (_rule, email, password, message) => {
    const res = await register(email, password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'INVALID_INPUT', message });
    expect((await login(email, password)).statusCode).not.toBe(200);
  });

  it('accepts the boundary lengths: a 100-character email, 8- and 100-character passwords', async () => {
    const email = `${'b'.repeat(EMAIL_MAX_LENGTH - '@example.com'.length)}@example.com`;
    expect(email).toHaveLength(EMAIL_MAX_LENGTH);
    // Not one repeated letter: a password made only of a repeat is refused as too guessable.
    const shortest = 'horse 42';
    const longest = randomBytes(PASSWORD_MAX_LENGTH).toString('base64url').slice(0, PASSWORD_MAX_LENGTH);
    expect([shortest.length, longest.length]).toEqual([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]);
    expect((await register(email, shortest)).statusCode).toBe(201);
    expect((await register(uniqueEmail('max'), longest)).statusCode).toBe(201);
  });

  it('rejects an email that is not shaped like one, as the email-type input would', async () => {
    expectError(await register('not-an-email', 'correct horse'), 400, 'INVALID_INPUT');
  });

  it('rejects a missing field or a non-string field as INVALID_INPUT', async () => {
    expectError(await caller(t.app).post('/api/auth/register', { email: uniqueEmail('x') }), 400, 'INVALID_INPUT');
    expectError(
      await caller(t.app).post('/api/auth/register', { email: uniqueEmail('x'), password: 12345678 }),
      400,
      'INVALID_INPUT',
    );
  });

  it('answers 409 EMAIL_EXISTS for a taken email, compared trimmed and case-insensitively', async () => {
    const email = uniqueEmail('taken');
    await register(email, 'correct horse');
    expectError(await register(email, 'another password'), 409, 'EMAIL_EXISTS');
    expectError(await register(`  ${email.toUpperCase()} `, 'another password'), 409, 'EMAIL_EXISTS');
    expect((await login(email, 'another password')).statusCode).toBe(401);
  });
});

describeDb('login', () => {
  it('answers 200 {email} and a fresh session cookie', async () => {
    const { email, password } = await signUp(t.app, uniqueEmail('login'));
    const res = await login(email, password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email });
    expect((await caller(t.app, sessionCookie(res)).get('/api/auth/check')).statusCode).toBe(200);
  });

  it('issues a new session token on every login', async () => {
    const { cookie, email, password } = await signUp(t.app, uniqueEmail('fresh'));
    const first = sessionCookie(await login(email, password));
    const second = sessionCookie(await login(email, password));
    expect(new Set([cookie, first, second]).size).toBe(3);
  });

  it('matches the email trimmed and case-insensitively', async () => {
    const { email, password } = await signUp(t.app, uniqueEmail('Case'));
    const res = await login(`  ${email.toUpperCase()}  `, password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: email.toLowerCase() });
  });

  it('never trims the password', async () => {
    const email = uniqueEmail('spaces');
    await register(email, '  padded secret  ');
    expectError(await login(email, 'padded secret'), 401, 'INVALID_CREDENTIALS');
    expect((await login(email, '  padded secret  ')).statusCode).toBe(200);
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const { email } = await signUp(t.app, uniqueEmail('known'));
    const wrongPassword = await login(email, 'wrong password');
    const unknownEmail = await login(uniqueEmail('nobody'), 'wrong password');
    expectError(wrongPassword, 401, 'INVALID_CREDENTIALS');
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownEmail.body).toBe(wrongPassword.body);
    expect(sessionCookie(unknownEmail)).toBeUndefined();
    expect(sessionCookie(wrongPassword)).toBeUndefined();
  });
});

describeDb('check and logout', () => {
  it('check answers 401 UNAUTHENTICATED without a session or with a made-up token', async () => {
    expectError(await caller(t.app).get('/api/auth/check'), 401, 'UNAUTHENTICATED');
    expectError(await caller(t.app, 'sid=not-a-real-token').get('/api/auth/check'), 401, 'UNAUTHENTICATED');
  });

  it('logout answers 204, clears the cookie and ends the session server-side', async () => {
    const { cookie } = await signUp(t.app, uniqueEmail('bye'));
    const res = await caller(t.app, cookie).post('/api/auth/logout');
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'sid');
    expect(cleared).toBeDefined();
    const expired = !cleared?.value || (cleared.expires !== undefined && cleared.expires.getTime() <= Date.now());
    expect(expired || cleared?.maxAge === 0).toBe(true);
    expectError(await caller(t.app, cookie).get('/api/auth/check'), 401, 'UNAUTHENTICATED');
  });

  it('a 401 for a cookie naming no live session clears that cookie; a 401 without a cookie sets none', async () => {
    const { cookie } = await signUp(t.app, uniqueEmail('stale'));
    await caller(t.app, cookie).post('/api/auth/logout');
    for (const res of [await caller(t.app, cookie).get('/api/auth/check'), await caller(t.app, 'sid=not-a-real-token').get('/api/user/progress')]) {
      expectError(res, 401, 'UNAUTHENTICATED');
      const cleared = res.cookies.find((c) => c.name === 'sid');
      expect(cleared, 'the dead session cookie is cleared').toBeDefined();
      const expired = !cleared?.value || (cleared.expires !== undefined && cleared.expires.getTime() <= Date.now());
      expect(expired || cleared?.maxAge === 0).toBe(true);
    }
    expect((await caller(t.app).get('/api/auth/check')).cookies).toEqual([]);
  });

  it('logout is idempotent: 204 without a valid session too', async () => {
    expect((await caller(t.app).post('/api/auth/logout')).statusCode).toBe(204);
    const { cookie } = await signUp(t.app, uniqueEmail('twice'));
    await caller(t.app, cookie).post('/api/auth/logout');
    expect((await caller(t.app, cookie).post('/api/auth/logout')).statusCode).toBe(204);
  });

  it('logging out one session leaves the other sessions of the user signed in', async () => {
    const { cookie, email, password } = await signUp(t.app, uniqueEmail('two-devices'));
    const other = sessionCookie(await login(email, password));
    await caller(t.app, cookie).post('/api/auth/logout');
    expect((await caller(t.app, other).get('/api/auth/check')).statusCode).toBe(200);
  });
});
