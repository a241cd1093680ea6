/**
 * Per-address limits count an IPv6 client by its /64, an IPv4 client (plain or IPv4-mapped) by
 * its full address (API contract, fifth edition; sign-in, sign-up and reset requests).
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddressKey } from '../src/domain/rateLimit';
import { RESET_REQUESTS_PER_IP_PER_HOUR } from '../src/domain/passwordReset';
import { buildTestApp, describeDb, signUp } from './helper';
import { expectError } from './requests';

const WINDOW_MS = 15 * 60_000;
const loginFrom = (app: FastifyInstance, remoteAddress: string, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });
/** The n-th address of one /64, each a different interface id, as a client rotating privacy addresses sends. */
const inBlock = (n: number, block = '2001:db8:1234:5678') => `${block}:${((n * 7919) % 0x10000).toString(16)}:${n.toString(16)}:beef:${(n + 1).toString(16)}`;

describe('clientAddressKey', () => {
  it('counts every address of one /64 as one client, whatever its notation', () => {
    const key = clientAddressKey('2001:db8:1234:5678::1');
    for (const ip of ['2001:db8:1234:5678:ffff:ffff:ffff:ffff', '2001:0DB8:1234:5678:0:0:0:2', '2001:db8:1234:5678::a:b%eth0', inBlock(3), '2001:db8:1234:5678::1.2.3.4']) {
      expect(clientAddressKey(ip)).toBe(key);
    }
    expect(clientAddressKey('2001:db8:1234:5679::1')).not.toBe(key);
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('counts IPv4 and IPv4-mapped IPv6 by the full IPv4 address', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.8')).not.toBe(clientAddressKey('::ffff:203.0.113.7'));
  });
});

describeDb('per-address limits with IPv6', () => {
  it('a client rotating addresses within one /64 is limited at sign-in; another /64 is not', async () => {
    const t = await buildTestApp({ rateLimit: { loginPerIpPerWindow: 3, loginPerAccountPerWindow: 100, windowMs: WINDOW_MS } });
    try {
      const { email, password } = await signUp(t.app);
      for (let i = 0; i < 3; i++) {
        expectError(await loginFrom(t.app, inBlock(i), `guess${i}@example.com`, 'wrong password'), 401, 'INVALID_CREDENTIALS');
      }
      expectError(await loginFrom(t.app, inBlock(99), email, password), 429, 'RATE_LIMITED');
      expect((await loginFrom(t.app, inBlock(1, '2001:db8:1234:5679'), email, password)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('IPv4-mapped addresses share the IPv4 address budget at sign-in', async () => {
    const t = await buildTestApp({ rateLimit: { loginPerIpPerWindow: 2, loginPerAccountPerWindow: 100, windowMs: WINDOW_MS } });
    try {
      const { email, password } = await signUp(t.app);
      expectError(await loginFrom(t.app, '203.0.113.7', 'a@example.com', 'wrong password'), 401, 'INVALID_CREDENTIALS');
      expectError(await loginFrom(t.app, '::ffff:203.0.113.7', 'b@example.com', 'wrong password'), 401, 'INVALID_CREDENTIALS');
      expectError(await loginFrom(t.app, '::ffff:cb00:7107', email, password), 429, 'RATE_LIMITED');
      expect((await loginFrom(t.app, '::ffff:203.0.113.8', email, password)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('a client rotating addresses within one /64 is limited at sign-up and at the reset request', async () => {
    const t = await buildTestApp({ rateLimit: { signupsPerIpPerHour: 2, loginPerIpPerWindow: 1000, loginPerAccountPerWindow: 1000, windowMs: WINDOW_MS } });
    try {
      const register = (n: number) =>
        t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: inBlock(n), payload: { email: `new${n}@example.com`, password: 'correct horse battery' } });
      expect((await register(1)).statusCode).toBe(201);
      expect((await register(2)).statusCode).toBe(201);
      expectError(await register(3), 429, 'RATE_LIMITED');

      const reset = (n: number) => t.app.inject({ method: 'POST', url: '/api/auth/password-reset', remoteAddress: inBlock(n, '2001:db8:aaaa:1'), payload: { email: `x${n}@example.com` } });
      for (let i = 0; i < RESET_REQUESTS_PER_IP_PER_HOUR; i++) expect((await reset(i)).statusCode).toBe(202);
      expectError(await reset(1000), 429, 'RATE_LIMITED');
    } finally {
      await t.close();
    }
  });
});
