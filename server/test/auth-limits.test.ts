import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { buildTestApp, describeDb, signUp } from './helper';
import { caller, expectError, manualClock, MINUTE_MS } from './requests';

const IDLE_MS = 30 * MINUTE_MS;
const ABSOLUTE_MS = 120 * MINUTE_MS;
const WINDOW_MS = 15 * MINUTE_MS;

const loginFrom = (app: FastifyInstance, remoteAddress: string, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });

describeDb('session expiry', () => {
  it('a session used within the idle timeout stays signed in, and each use restarts the idle timer', async () => {
    const clock = manualClock('2025-06-10T08:00:00Z');
    const t = await buildTestApp({ now: clock.now, sessionIdleMs: IDLE_MS, sessionAbsoluteMs: ABSOLUTE_MS });
    try {
      const { cookie } = await signUp(t.app);
      for (let i = 0; i < 3; i++) {
        clock.advance(IDLE_MS - MINUTE_MS);
        expect((await caller(t.app, cookie).get('/api/auth/check')).statusCode).toBe(200);
      }
    } finally {
      await t.close();
    }
  });

  it('a session left idle longer than the idle timeout answers 401 everywhere', async () => {
    const clock = manualClock('2025-06-10T08:00:00Z');
    const t = await buildTestApp({ now: clock.now, sessionIdleMs: IDLE_MS, sessionAbsoluteMs: ABSOLUTE_MS });
    try {
      const { cookie } = await signUp(t.app);
      clock.advance(IDLE_MS + MINUTE_MS);
      expectError(await caller(t.app, cookie).get('/api/auth/check'), 401, 'UNAUTHENTICATED');
      expectError(await caller(t.app, cookie).get('/api/user/language'), 401, 'UNAUTHENTICATED');
    } finally {
      await t.close();
    }
  });

  it('a session in constant use still ends at the absolute lifetime', async () => {
    const clock = manualClock('2025-06-10T08:00:00Z');
    const t = await buildTestApp({ now: clock.now, sessionIdleMs: IDLE_MS, sessionAbsoluteMs: ABSOLUTE_MS });
    try {
      const { cookie } = await signUp(t.app);
      const step = 10 * MINUTE_MS;
      for (let elapsed = step; elapsed < ABSOLUTE_MS; elapsed += step) {
        clock.advance(step);
        expect((await caller(t.app, cookie).get('/api/auth/check')).statusCode).toBe(200);
      }
      clock.advance(step + MINUTE_MS);
      expectError(await caller(t.app, cookie).get('/api/auth/check'), 401, 'UNAUTHENTICATED');
    } finally {
      await t.close();
    }
  });
});

describeDb('login rate limiting', () => {
  it('limits login attempts per IP with 429 RATE_LIMITED and Retry-After, other IPs unaffected', async () => {
    const clock = manualClock('2025-06-10T08:00:00Z');
    const t = await buildTestApp({
      now: clock.now,
      rateLimit: { loginPerIpPerWindow: 3, loginPerAccountPerWindow: 100, windowMs: WINDOW_MS },
    });
    try {
      const { email, password } = await signUp(t.app);
      for (let i = 0; i < 3; i++) {
        expectError(await loginFrom(t.app, '203.0.113.7', `guess${i}@example.com`, 'wrong password'), 401, 'INVALID_CREDENTIALS');
      }
      const limited = await loginFrom(t.app, '203.0.113.7', email, password);
      expectError(limited, 429, 'RATE_LIMITED');
      const retryAfter = Number(limited.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);

      expect((await loginFrom(t.app, '198.51.100.20', email, password)).statusCode).toBe(200);

      clock.advance(WINDOW_MS + MINUTE_MS);
      expect((await loginFrom(t.app, '203.0.113.7', email, password)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('a client cannot escape the per-IP limit by sending X-Forwarded-For when no proxy is trusted', async () => {
    const t = await buildTestApp({
      rateLimit: { loginPerIpPerWindow: 2, loginPerAccountPerWindow: 100, windowMs: WINDOW_MS },
    });
    try {
      const attempt = (i: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '203.0.113.7',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
          payload: { email: `guess${i}@example.com`, password: 'wrong password' },
        });
      const statuses = [];
      for (let i = 1; i <= 3; i++) statuses.push((await attempt(i)).statusCode);
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await t.close();
    }
  });

  it('limits failed logins per account across IPs, whatever the email case, without revealing a right password', async () => {
    const t = await buildTestApp({
      rateLimit: { loginPerIpPerWindow: 100, loginPerAccountPerWindow: 3, windowMs: WINDOW_MS },
    });
    try {
      const victim = await signUp(t.app);
      const other = await signUp(t.app);
      const variants = [victim.email, victim.email.toUpperCase(), ` ${victim.email} `];
      for (const [i, email] of variants.entries()) {
        expectError(await loginFrom(t.app, `203.0.113.${i + 1}`, email, 'wrong password'), 401, 'INVALID_CREDENTIALS');
      }
      const limited = await loginFrom(t.app, '203.0.113.99', victim.email, victim.password);
      expectError(limited, 429, 'RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

      expect((await loginFrom(t.app, '203.0.113.99', other.email, other.password)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
