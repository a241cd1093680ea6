/**
 * Contract, fourth edition, at its edges: no request is answered 5xx for its shape (an "email" of
 * any length, a push endpoint of any text), a body too deep is 400 signed in or not, a reset token
 * is judged before the password, and a created device answers no body.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { issueReset } from '../src/domain/passwordReset';
import { describeDb, signUp, testAppForFile } from './helper';
import { expectError } from './requests';

const t = testAppForFile();
const deep = (levels: number) => `{"email":${'['.repeat(levels)}${']'.repeat(levels)}}`;

describeDb('requests no one can make expensive, at their edges', () => {
  it('an email of 10,000 characters is refused or accepted as any other, never a 5xx, on every call that counts it', async () => {
    const email = `${'x'.repeat(10_000)}@example.com`;
    for (const [url, payload] of [
      ['/api/auth/login', { email, password: 'a long enough password' }],
      ['/api/auth/register', { email, password: 'a long enough password' }],
      ['/api/auth/password-reset', { email }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(500);
    }
  });

  it('a push endpoint that is not printable ASCII is 400 INVALID_INPUT, whatever its length', async () => {
    const { cookie } = await signUp(t.app);
    const keys = { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    const endpoint = `https://push.example.com/${'\u00e9'.repeat(1000)}`;
    expectError(await t.app.inject({ method: 'POST', url: '/api/user/push-subscriptions', headers: { cookie }, payload: { endpoint, keys } }), 400, 'INVALID_INPUT');
  });

  it('a device added answers 201 with no body', async () => {
    const { cookie } = await signUp(t.app);
    const keys = { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/push-subscriptions',
      headers: { cookie },
      payload: { endpoint: 'https://push.example.com/send/abc', expirationTime: null, keys },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).toBe('');
  });

  it('a small body nested past 64 levels is 400 INVALID_INPUT on a signed-in call without a session too; an import without one is 401 unread', async () => {
    for (const url of ['/api/user/daily-activity', '/api/user/tokens', '/api/user/rest-days']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: deep(100) });
      expectError(res, 400, 'INVALID_INPUT');
    }
    // A sound body without a session is still 401, before any validation.
    const plain = await t.app.inject({ method: 'POST', url: '/api/user/daily-activity', payload: { date: 'not a date' } });
    expectError(plain, 401, 'UNAUTHENTICATED');
    // An import (a heavy call, up to 5 MiB) without a session is refused before its body is read.
    const anonymousImport = await t.app.inject({ method: 'POST', url: '/api/user/import', headers: { 'content-type': 'application/json' }, payload: deep(100) });
    expectError(anonymousImport, 401, 'UNAUTHENTICATED');
  });

  it('a reset token that is unknown or used is 400 INVALID_TOKEN whatever the password sent with it', async () => {
    for (const password of ['short', 'password', 'a perfectly long new passphrase']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: 'A'.repeat(43), password } });
      expectError(res, 400, 'INVALID_TOKEN');
    }
    // A live token with a refused password is the password's answer, and the token still works after.
    const { email } = await signUp(t.app);
    const issued = (await issueReset(t.app.db, email, Date.now()))!;
    const weak = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: issued.token, password: 'short' } });
    expectError(weak, 400, 'INVALID_INPUT');
    const strong = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: issued.token, password: 'a perfectly long new passphrase' } });
    expect(strong.statusCode, strong.body).toBe(204);
  });
});
