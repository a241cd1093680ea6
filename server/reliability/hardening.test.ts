/**
 * The audit's eight failing checks (issue 12, items 1-8), each as the black-box probe that found
 * it: common passwords, the cookie prefix, password length in code points, sign-up enumeration,
 * a fast brute force from one address, session refresh writes, Fetch Metadata and HSTS.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { commonPasswordCount } from '../src/plugins/password';
import { buildTestApp, signUp, todayIso, withLanguage } from '../test/helper';
import { expectError, manualClock, MINUTE_MS } from '../test/requests';

async function withApp<T>(overrides: Parameters<typeof buildTestApp>[0], body: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const t = await buildTestApp(overrides);
  try {
    return await body(t.app);
  } finally {
    await t.close();
  }
}

const register = (app: FastifyInstance, email: string, password: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress, payload: { email, password } });
const login = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });
const check = (app: FastifyInstance, cookie: string) => app.inject({ method: 'GET', url: '/api/auth/check', headers: { cookie } });

/** The production defaults of every throttle (the test helper raises them for other files). */
const DEFAULT_LIMITS = { rateLimit: {} };

describe('1. common passwords', () => {
  it('sign-up refuses the audit\'s common passwords with COMMON_PASSWORD and a clear reason, in any case, and stores nothing', () =>
    withApp({}, async (app) => {
      const tried = ['password', '12345678', 'qwerty123', 'iloveyou', 'trustno1', 'Password1', 'SUNSHINE', 'football', '1q2w3e4r'];
      for (const [i, password] of tried.entries()) {
        const res = await register(app, `common${i}@example.com`, password);
        expectError(res, 400, 'COMMON_PASSWORD');
        expect(res.json().message).toBe('This password is too common, choose one that is harder to guess');
      }
      expect(await app.db.selectFrom('users').select('id').execute()).toEqual([]);
      expect((await register(app, 'fine@example.com', 'correct horse battery')).statusCode).toBe(201);
      console.log(`[hardening] ${tried.length} common passwords refused; list size ${commonPasswordCount()} (8+ characters)`);
      expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
    }));
});

describe('1b. guessable patterns', () => {
  it('sign-up refuses passwords made only of sequences, repeats or keyboard walks with COMMON_PASSWORD; a passphrase passes', () =>
    withApp({}, async (app) => {
      const tried = ['987654321', 'abcdefgh', 'aaaaaaaa', '00000000', 'zyxwvuts', '12341234', 'abcabcabc', 'qwertyui', 'asdfghjkl', '1qaz2wsx'];
      for (const [i, password] of tried.entries()) {
        const res = await register(app, `pattern${i}@example.com`, password);
        expectError(res, 400, 'COMMON_PASSWORD');
        expect(res.json().message).toBe('This password is too common, choose one that is harder to guess');
      }
      expect(await app.db.selectFrom('users').select('id').execute()).toEqual([]);
      for (const [i, password] of ['correct horse battery', 'a long enough passphrase', 'abcdefgh but then words'].entries()) {
        expect((await register(app, `passphrase${i}@example.com`, password)).statusCode).toBe(201);
      }
    }));
});

describe('2. cookie prefix', () => {
  it('a Secure session cookie is __Host-sid (Path=/, no Domain); a plain sid is not accepted beside it', () =>
    withApp({ production: true }, async (app) => {
      const res = await register(app, 'prod@example.com', 'correct horse battery');
      const setCookie = String(res.headers['set-cookie']);
      console.log(`[hardening] production Set-Cookie: ${setCookie.replace(/=[^;]+;/, '=…;')}`);
      expect(setCookie).toMatch(/^__Host-sid=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
      const token = setCookie.split(';')[0].slice('__Host-sid='.length);
      expect((await check(app, `__Host-sid=${token}`)).statusCode).toBe(200);
      expect((await check(app, `sid=${token}`)).statusCode).toBe(401);
    }));

  it('over plain http in development the cookie stays sid, without Secure', () =>
    withApp({}, async (app) => {
      const setCookie = String((await register(app, 'dev@example.com', 'correct horse battery')).headers['set-cookie']);
      expect(setCookie).toMatch(/^sid=/);
      expect(setCookie).not.toMatch(/Secure/);
    }));
});

describe('3. password length', () => {
  it('counts code points: four emoji are 4 characters (refused), 100 emoji are 100 (allowed), 101 are refused', () =>
    withApp({}, async (app) => {
      const four = await register(app, 'four@example.com', '🦊🦊🦊🦊');
      expectError(four, 400, 'INVALID_INPUT');
      expect(four.json().message).toBe('Password must be between 8 and 100 characters');
      // 100 different animals: one emoji repeated 100 times is refused as a guessable repeat.
      const hundred = Array.from({ length: 100 }, (_, i) => String.fromCodePoint(0x1f400 + ((i * 37) % 100))).join('');
      expect((await register(app, 'hundred@example.com', hundred)).statusCode).toBe(201);
      expect((await register(app, 'hundred-one@example.com', '🦊'.repeat(101))).json().message).toBe('Password must be between 8 and 100 characters');
    }));
});

describe('4. registration enumeration', () => {
  it('one address gets 10 sign-ups (EMAIL_EXISTS probes included) an hour, then 429 with Retry-After; other addresses are unaffected', async () => {
    const clock = manualClock('2026-11-23T10:00:00Z');
    await withApp({ ...DEFAULT_LIMITS, now: clock.now }, async (app) => {
      const { email } = await signUp(app);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push((await register(app, i % 2 ? email : `probe${i}@example.com`, 'correct horse battery', '203.0.113.4')).statusCode);
        clock.advance(MINUTE_MS);
      }
      const blocked = await register(app, email, 'correct horse battery', '203.0.113.4');
      console.log(`[hardening] sign-ups from one address: ${statuses.join(',')}, then ${blocked.statusCode} Retry-After ${blocked.headers['retry-after']} s`);
      expect(statuses.slice(0, 10).every((s) => s === 201 || s === 409)).toBe(true);
      expect(statuses[10]).toBe(429);
      expectError(blocked, 429, 'RATE_LIMITED');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(15 * 60);
      expect((await register(app, 'other-address@example.com', 'correct horse battery', '203.0.113.5')).statusCode).toBe(201);
      clock.advance(60 * MINUTE_MS);
      expect((await register(app, 'an-hour-later@example.com', 'correct horse battery', '203.0.113.4')).statusCode).toBe(201);
    });
  });
});

describe('5. brute force from one address', () => {
  it('the 21st failed sign-in within a minute is 429 (Retry-After within the minute), long before the 15-minute limit of 50', () =>
    withApp(DEFAULT_LIMITS, async (app) => {
      const statuses: number[] = [];
      for (let i = 1; i <= 21; i++) statuses.push((await login(app, `guess${i}@example.com`, 'wrong password', '203.0.113.9')).statusCode);
      const blocked = await login(app, 'guess22@example.com', 'wrong password', '203.0.113.9');
      console.log(`[hardening] failed sign-ins from one address: first 429 at attempt ${statuses.indexOf(429) + 1}, Retry-After ${blocked.headers['retry-after']} s`);
      expect(statuses.indexOf(429) + 1).toBe(21);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    }));

  it('successful sign-ins do not use up the short window', () =>
    withApp(DEFAULT_LIMITS, async (app) => {
      const { email, password } = await signUp(app);
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) statuses.push((await login(app, email, password, '203.0.113.10')).statusCode);
      expect(new Set(statuses)).toEqual(new Set([200]));
    }));
});

describe('6. session refresh writes', () => {
  it('a session used every minute for 3 hours has its last-seen time written at most once an hour', async () => {
    const clock = manualClock('2026-11-23T08:00:00Z');
    await withApp({ now: clock.now }, async (app) => {
      const { cookie } = await signUp(app);
      const seen = new Set<number>();
      for (let minute = 1; minute <= 180; minute++) {
        clock.advance(MINUTE_MS);
        expect((await check(app, cookie)).statusCode).toBe(200);
        const row = await app.db.selectFrom('sessions').select('last_seen_at').executeTakeFirstOrThrow();
        seen.add(Number(row.last_seen_at));
      }
      console.log(`[hardening] 180 requests over 3 hours: last_seen_at written ${seen.size - 1} times`);
      expect(seen.size - 1).toBeLessThanOrEqual(3);
    });
  });
});

describe('7. Fetch Metadata', () => {
  const ALLOWED = 'https://app.example';

  it('refuses cross-site writes without Origin and same-site writes from an Origin not allowed; the account survives', () =>
    withApp({ corsOrigins: [ALLOWED] }, async (app) => {
      const { cookie } = await signUp(app);
      await withLanguage(app, cookie);
      const attempts: Array<[string, Record<string, string>]> = [
        ['cross-site, no Origin', { 'sec-fetch-site': 'cross-site' }],
        ['same-site, no Origin', { 'sec-fetch-site': 'same-site' }],
        ['same-site, sibling Origin', { 'sec-fetch-site': 'same-site', origin: 'https://evil.app.example' }],
      ];
      for (const [label, headers] of attempts) {
        const res = await app.inject({ method: 'DELETE', url: '/api/user', headers: { cookie, ...headers } });
        expect(res.statusCode, label).toBe(403);
        expectError(res, 403, 'FORBIDDEN_ORIGIN');
      }
      expect((await check(app, cookie)).statusCode, 'the account still exists').toBe(200);
      const fromAllowed = await app.inject({
        method: 'POST',
        url: '/api/user/daily-goal',
        headers: { cookie, 'sec-fetch-site': 'cross-site', origin: ALLOWED },
        payload: { dailyGoalMinutes: 60, date: todayIso() },
      });
      expect(fromAllowed.statusCode, 'a configured cross-site origin still works').toBe(200);
      const sameOrigin = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, 'sec-fetch-site': 'same-origin' } });
      expect(sameOrigin.statusCode).toBe(204);
      console.log(`[hardening] Fetch Metadata: ${attempts.length} cross-site/same-site writes refused (403), allowed origin and same-origin pass`);
    }));
});

describe('8. HSTS', () => {
  it('production answers carry Strict-Transport-Security of at least one year with includeSubDomains', () =>
    withApp({ production: true }, async (app) => {
      const hsts = String((await app.inject({ method: 'GET', url: '/api/languages' })).headers['strict-transport-security']);
      console.log(`[hardening] HSTS: ${hsts}`);
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
      expect(hsts).toMatch(/includeSubDomains/);
    }));
});
