import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_DAILY_GOAL_MINUTES, DEFAULT_MILESTONES } from '@common/domain';
import { buildTestApp, describeDb, signUp, todayIso, withLanguage } from './helper';
import { caller, expectError, sessionCookie } from './requests';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const ALLOWED_ORIGIN = 'https://app.example';
const FOREIGN_ORIGIN = 'https://evil.example';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ corsOrigins: [ALLOWED_ORIGIN] });
});
afterAll(() => t.close());

const today = todayIso();
const edit = { date: today, isToday: true, listeningDailyMins: 0, readingDailyMins: 5, speakingDailyMins: 0, writingDailyMins: 0 };

/** Every call of spec section 7 under /api/user, each with a body it would accept. */
const USER_CALLS: Array<[Method, string, object?]> = [
  ['GET', '/api/user/language'],
  ['POST', '/api/user/language', { name: 'Spanish' }],
  ['GET', '/api/user/has-language'],
  ['GET', '/api/user/daily-goal'],
  ['GET', '/api/user/daily-goal/by-language?language=Spanish'],
  ['POST', '/api/user/daily-goal', { dailyGoalMinutes: 60, date: today }],
  ['GET', '/api/user/previous-time'],
  ['GET', '/api/user/previous-time/by-language?language=Spanish'],
  ['POST', '/api/user/previous-time', { previousHours: 10 }],
  ['GET', '/api/user/daily-activity/all'],
  ['GET', `/api/user/daily-activity?date=${today}`],
  ['POST', '/api/user/daily-activity', { date: today, readingDailyMins: 5 }],
  ['PATCH', '/api/user/daily-activity', edit],
  ['GET', '/api/user/milestones'],
  ['GET', '/api/user/milestones/by-language?language=Spanish'],
  ['POST', '/api/user/milestones', DEFAULT_MILESTONES],
  ['GET', '/api/user/progress'],
  ['GET', `/api/user/calendar/month-total?today=${today}`],
  ['DELETE', '/api/user'],
];

const inject = (method: Method, url: string, body?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers, ...(body ? { payload: body } : {}) } as InjectOptions);

async function learner() {
  const { cookie, email, password } = await signUp(t.app);
  await withLanguage(t.app, cookie);
  return { cookie, email, password, api: caller(t.app, cookie) };
}

describeDb('authentication wall', () => {
  it.each(USER_CALLS)('%s %s without a session is 401 UNAUTHENTICATED JSON', async (method, url, body) => {
    const res = await inject(method, url, body);
    expectError(res, 401, 'UNAUTHENTICATED');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describeDb('request bodies', () => {
  const withExtraField: Array<[Method, string, object]> = [
    ['POST', '/api/auth/register', { email: 'new@example.com', password: 'correct horse', remember: true }],
    ['POST', '/api/auth/login', { email: 'new@example.com', password: 'correct horse', remember: true }],
    ...USER_CALLS.flatMap(([m, u, b]): Array<[Method, string, object]> => (b ? [[m, u, { ...b, extra: 1 }]] : [])),
  ];
  it.each(withExtraField)('%s %s rejects an unknown field with 400 INVALID_INPUT', async (method, url, body) => {
    const { cookie } = await learner();
    expectError(await inject(method, url, body, { cookie }), 400, 'INVALID_INPUT');
  });

  it('malformed JSON is 400 INVALID_INPUT', async () => {
    const { cookie } = await learner();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/daily-goal',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"dailyGoalMinutes": 60,',
    });
    expectError(res, 400, 'INVALID_INPUT');
  });

  it('a body over the size limit is 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'big@example.com', password: 'x'.repeat(1024 * 1024) },
    });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'a %s body is 415 UNSUPPORTED_MEDIA_TYPE and changes nothing',
    async (contentType) => {
      const { cookie, api } = await learner();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/daily-goal',
        headers: { cookie, 'content-type': contentType },
        payload: JSON.stringify({ dailyGoalMinutes: 60, date: today }),
      });
      expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect((await api.get('/api/user/daily-goal')).json()).toEqual({ dailyGoalMinutes: DEFAULT_DAILY_GOAL_MINUTES });
    },
  );
});

describeDb('origin checks', () => {
  it('a foreign Origin is 403 FORBIDDEN_ORIGIN on every state-changing call, and nothing changes', async () => {
    const { cookie, email, password, api } = await learner();
    const headers = { cookie, origin: FOREIGN_ORIGIN };
    const before = await Promise.all(['/api/user/daily-goal', '/api/user/daily-activity/all'].map(async (u) => (await api.get(u)).json()));
    for (const [method, url, body] of USER_CALLS.filter(([m]) => m !== 'GET')) {
      expectError(await inject(method, url, body, headers), 403, 'FORBIDDEN_ORIGIN');
    }
    expectError(await inject('POST', '/api/auth/logout', undefined, headers), 403, 'FORBIDDEN_ORIGIN');
    const after = await Promise.all(['/api/user/daily-goal', '/api/user/daily-activity/all'].map(async (u) => (await api.get(u)).json()));
    expect(after).toEqual(before);
    expect((await api.get('/api/auth/check')).statusCode).toBe(200);

    const signUpFromForeign = await inject('POST', '/api/auth/register', { email: 'csrf@example.com', password: 'correct horse' }, { origin: FOREIGN_ORIGIN });
    expectError(signUpFromForeign, 403, 'FORBIDDEN_ORIGIN');
    expect((await caller(t.app).post('/api/auth/register', { email: 'csrf@example.com', password: 'correct horse' })).statusCode).toBe(201);
    const loginFromForeign = await inject('POST', '/api/auth/login', { email, password }, { origin: FOREIGN_ORIGIN });
    expectError(loginFromForeign, 403, 'FORBIDDEN_ORIGIN');
    expect(sessionCookie(loginFromForeign)).toBeUndefined();
  });

  it("the server's own origin and a configured origin may change data", async () => {
    const { cookie, api } = await learner();
    const own = await inject('POST', '/api/user/daily-goal', { dailyGoalMinutes: 45, date: today }, {
      cookie,
      host: 'tracker.example',
      origin: 'http://tracker.example',
    });
    expect(own.statusCode).toBe(200);
    const configured = await inject('POST', '/api/user/previous-time', { previousHours: 20 }, { cookie, origin: ALLOWED_ORIGIN });
    expect(configured.statusCode).toBe(200);
    expect((await api.get('/api/user/daily-goal')).json()).toEqual({ dailyGoalMinutes: 45 });
  });

  it('CORS answers carry credentials only for the configured origins (any origin may preflight a cookie-free token call under /api/user)', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/user/daily-activity',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const allowed = await preflight(ALLOWED_ORIGIN);
    expect(allowed.statusCode).toBeLessThan(300);
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const foreignPreflight = await preflight(FOREIGN_ORIGIN);
    expect(foreignPreflight.headers['access-control-allow-origin']).toBe('*');
    expect(foreignPreflight.headers['access-control-allow-credentials']).toBeUndefined();

    const read = (origin: string) => t.app.inject({ method: 'GET', url: '/api/languages', headers: { origin } });
    expect((await read(ALLOWED_ORIGIN)).headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    const foreign = await read(FOREIGN_ORIGIN);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(foreign.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describeDb('response headers', () => {
  it('every /api answer, success or error, is Cache-Control: no-store', async () => {
    const { cookie } = await learner();
    const answers = await Promise.all([
      inject('GET', '/api/languages'),
      inject('GET', '/api/auth/check', undefined, { cookie }),
      inject('GET', '/api/auth/check'),
      inject('GET', '/api/user/progress', undefined, { cookie }),
      inject('POST', '/api/user/daily-goal', { dailyGoalMinutes: 7, date: today }, { cookie }),
      inject('GET', '/api/no-such-thing'),
      inject('POST', '/api/auth/login', { email: 'nobody@example.com', password: 'wrong password' }),
    ]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends the security headers', async () => {
    const res = await inject('GET', '/api/languages');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeDefined();
    const framing = `${res.headers['x-frame-options'] ?? ''} ${res.headers['content-security-policy'] ?? ''}`;
    expect(framing).toMatch(/DENY|SAMEORIGIN|frame-ancestors 'none'|frame-ancestors 'self'/i);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('in production the session cookie is Secure and HSTS is sent', async () => {
    const prod = await buildTestApp({ production: true });
    try {
      const res = await prod.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'p@example.com', password: 'correct horse' } });
      expect(res.cookies.find((c) => c.name === '__Host-sid')).toMatchObject({ secure: true, httpOnly: true });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await prod.close();
    }
  });

  it('an unknown /api path is 404 NOT_FOUND as JSON', async () => {
    expectError(await inject('GET', '/api/nothing-here'), 404, 'NOT_FOUND');
  });
});

describeDb('OpenAPI document', () => {
  it('/api/docs/json lists every call of spec section 7', async () => {
    const res = await inject('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const { paths } = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    const documented = Object.entries(paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const section7 = [
      ['POST', '/api/auth/register'],
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/auth/check'],
      ['GET', '/api/languages'],
      ...USER_CALLS.map(([m, url]) => [m, url.split('?')[0]]),
    ];
    expect(documented).toEqual(expect.arrayContaining(section7.map(([m, p]) => `${m} ${p}`)));
  });
});
