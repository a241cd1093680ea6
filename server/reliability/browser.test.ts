/**
 * Browser-facing protections: CORS only for configured origins, state-changing calls refused from
 * a foreign Origin or as form/text bodies (with nothing changed), and security headers on every
 * answer, including the SPA's CSP.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, todayIso, withLanguage } from '../test/helper';
import { snapshotAll } from './support/snapshot';
import { injectCall, userCalls } from './support/userCalls';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
const ALLOWED = 'https://app.example';
const FOREIGN = ['https://evil.example', 'null', 'https://app.example.evil.example', 'http://app.example', 'https://app.example:8443'];

const spaDir = mkdtempSync(join(tmpdir(), 'tracker-spa-'));
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  mkdirSync(join(spaDir, 'assets'));
  writeFileSync(join(spaDir, 'index.html'), '<!doctype html><title>LinguaLog</title><div id="root"></div>');
  writeFileSync(join(spaDir, 'assets', 'app.js'), 'console.log(1)');
  t = await buildTestApp({ corsOrigins: [ALLOWED], spaDir });
  cookie = (await signUp(t.app)).cookie;
  await withLanguage(t.app, cookie);
});
afterAll(async () => {
  await t.close();
  rmSync(spaDir, { recursive: true, force: true });
});

const writes = () => Object.values(userCalls(todayIso())).filter((c) => c.method !== 'GET');

describe('CORS', () => {
  it('answers cookie calls only for configured origins, never with *, never echoing an unknown origin', async () => {
    const requests: InjectOptions[] = [
      { method: 'GET', url: '/api/languages' },
      { method: 'GET', url: '/api/user/progress', headers: { cookie } },
      { method: 'OPTIONS', url: '/api/auth/login', headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } },
    ];
    let checked = 0;
    for (const request of requests) {
      const allowed = await t.app.inject({ ...request, headers: { ...request.headers, origin: ALLOWED } });
      expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED);
      expect(allowed.headers['access-control-allow-credentials']).toBe('true');
      for (const origin of FOREIGN) {
        const res = await t.app.inject({ ...request, headers: { ...request.headers, origin } });
        expect(res.headers['access-control-allow-origin'], `${request.method} ${request.url} from ${origin}`).toBeUndefined();
        expect(res.headers['access-control-allow-credentials']).toBeUndefined();
        checked++;
      }
    }
    console.log(`[browser] CORS: ${checked} requests from ${FOREIGN.length} unknown origins got no Access-Control-Allow-Origin; the configured origin got itself, never *`);
  });

  it('lets any origin make the cookie-free token calls under /api/user: the preflight and the answers carry *, never credentials (fourth edition)', async () => {
    const preflight: InjectOptions = {
      method: 'OPTIONS',
      url: '/api/user/daily-activity',
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, idempotency-key' },
    };
    for (const origin of FOREIGN) {
      const res = await t.app.inject({ ...preflight, headers: { ...preflight.headers, origin } });
      expect(res.headers['access-control-allow-origin'], origin).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(String(res.headers['access-control-allow-headers'])).toMatch(/Authorization.*Content-Type.*Idempotency-Key/);
      const tokenCall = await t.app.inject({ method: 'GET', url: '/api/user/progress', headers: { origin, authorization: 'Bearer lingualog_pat_unknown' } });
      expect(tokenCall.statusCode).toBe(401);
      expect(tokenCall.headers['access-control-allow-origin'], origin).toBe('*');
      expect(tokenCall.headers['access-control-allow-credentials']).toBeUndefined();
    }
    // A token call from the configured origin too: a token answer never carries credentials.
    const fromApp = await t.app.inject({ method: 'GET', url: '/api/user/progress', headers: { origin: ALLOWED, authorization: 'Bearer lingualog_pat_unknown' } });
    expect(fromApp.headers['access-control-allow-origin']).toBe('*');
    expect(fromApp.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('cross-site writes', () => {
  const attempts = (): Array<[string, Record<string, string>, string | undefined]> => [
    ...FOREIGN.map((origin): [string, Record<string, string>, string | undefined] => [`Origin ${origin}`, { origin, 'content-type': 'application/json' }, undefined]),
    ['text/plain', { 'content-type': 'text/plain' }, undefined],
    ['form data', { 'content-type': 'application/x-www-form-urlencoded' }, 'name=Spanish&dailyGoalMinutes=5'],
    ['multipart form', { 'content-type': 'multipart/form-data; boundary=x' }, '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'],
  ];

  it('every state-changing call from a foreign Origin, as text/plain or as form data is refused and changes nothing', async () => {
    const before = await snapshotAll(t.db);
    const refused: Record<number, number> = {};
    for (const call of writes()) {
      for (const [label, headers, rawBody] of attempts()) {
        const payload = rawBody ?? JSON.stringify(call.body ?? {});
        const res = await t.app.inject({ method: call.method, url: call.url, headers: { cookie, ...headers }, payload } as InjectOptions);
        expect([403, 415], `${call.method} ${call.url} with ${label} → ${res.statusCode}`).toContain(res.statusCode);
        expect(res.json().error).toBe(res.statusCode === 403 ? 'FORBIDDEN_ORIGIN' : 'UNSUPPORTED_MEDIA_TYPE');
        refused[res.statusCode] = (refused[res.statusCode] ?? 0) + 1;
      }
    }
    const loginCsrf = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=a%40b.co&password=12345678' });
    expect(loginCsrf.statusCode).toBe(415);
    expect(await snapshotAll(t.db)).toEqual(before);
    expect((await injectCall(t.app, { method: 'GET', url: '/api/auth/check' }, cookie)).statusCode, 'still signed in').toBe(200);
    console.log(`[browser] cross-site writes refused: ${JSON.stringify(refused)} (403 foreign origin / 415 form or text body); database unchanged`);
  });
});

describe('security headers', () => {
  const answers = async (): Promise<Array<[string, LightMyRequestResponse, boolean]>> => {
    const list: Array<[string, LightMyRequestResponse, boolean]> = [];
    for (const call of Object.values(userCalls(todayIso())).filter((c) => c.method !== 'DELETE')) {
      list.push([`${call.method} ${call.url} signed in`, await injectCall(t.app, call, cookie), true]);
      list.push([`${call.method} ${call.url} signed out`, await injectCall(t.app, call), false]);
    }
    const extra: Array<[string, InjectOptions, boolean]> = [
      ['check', { method: 'GET', url: '/api/auth/check', headers: { cookie } }, true],
      ['bad input', { method: 'POST', url: '/api/user/daily-goal', headers: { cookie }, payload: { dailyGoalMinutes: 7 } }, true],
      ['too large', { method: 'POST', url: '/api/user/language', headers: { cookie }, payload: { name: 'x'.repeat(20_000) } }, true],
      ['unknown API path', { method: 'GET', url: '/api/nope', headers: { cookie } }, true],
      ['languages', { method: 'GET', url: '/api/languages' }, false],
      ['OpenAPI JSON', { method: 'GET', url: '/api/docs/json' }, false],
      ['SPA /', { method: 'GET', url: '/' }, false],
      ['SPA deep link', { method: 'GET', url: '/dashboard' }, false],
      ['SPA asset', { method: 'GET', url: '/assets/app.js' }, false],
    ];
    for (const [label, request, authed] of extra) list.push([label, await t.app.inject(request), authed]);
    return list;
  };

  it('nosniff on every answer, no-store on every signed-in API answer, and the SPA CSP forbids plugins and framing', async () => {
    const list = await answers();
    for (const [label, res, authed] of list) {
      expect(res.headers['x-content-type-options'], label).toBe('nosniff');
      if (authed) expect(String(res.headers['cache-control']), label).toContain('no-store');
    }
    for (const [label, res] of list.filter(([l]) => l.startsWith('SPA'))) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp, label).toMatch(/object-src 'none'/);
      expect(csp, label).toMatch(/frame-ancestors 'none'/);
    }
    expect(String(list.find(([l]) => l === 'SPA /')?.[1].body)).toContain('LinguaLog');
    console.log(`[browser] ${list.length} answers (2xx, 4xx, 404, 413, SPA, docs) all carry nosniff; ${list.filter(([, , a]) => a).length} signed-in answers carry no-store; SPA CSP has object-src 'none' and frame-ancestors 'none'`);
  });

  it('the session cookie is HttpOnly and SameSite, and Secure with HSTS in production', async () => {
    const prod = await buildTestApp({ production: true });
    try {
      const res = await prod.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'prod@example.com', password: 'correct horse battery' } });
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      expect(setCookie).toMatch(/Secure/);
      expect(String(res.headers['strict-transport-security'])).toMatch(/max-age=\d{7,}/);
      console.log(`[browser] production cookie: ${setCookie.replace(/sid=[^;]+/, 'sid=…')}; HSTS ${res.headers['strict-transport-security']}`);
    } finally {
      await prod.close();
    }
  });
});
