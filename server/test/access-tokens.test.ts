/** Personal access tokens (API contract, fourth edition, "Personal access tokens"), on SQLite and PostgreSQL. */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { ACCESS_TOKEN_PREFIX, MAX_TOKENS_PER_LEARNER, TOKEN_CALLS_PER_MINUTE } from '@common/schemas/tokens';
import { buildTestApp, describeDb, sharedDatabase, signUp, testAppForFile, todayIso, withLanguage } from './helper';
import { addDays, caller, expectError, manualClock, MINUTE_MS } from './requests';

const t = testAppForFile();
const TOKENS = '/api/user/tokens';
const FOREIGN_ORIGIN = 'https://anki-addon.example';
type Method = InjectOptions['method'];

interface Minted {
  id: string;
  name: string;
  scope: 'log' | 'read';
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  token: string;
}

async function learner(app: FastifyInstance = t.app, language = 'Spanish') {
  const account = await signUp(app);
  await withLanguage(app, account.cookie, language);
  return { ...account, api: caller(app, account.cookie) };
}

async function mint(app: FastifyInstance, cookie: string, password: string, scope: 'log' | 'read' = 'log', name = 'Anki add-on'): Promise<Minted> {
  const res = await app.inject({ method: 'POST', url: TOKENS, headers: { cookie }, payload: { name, scope, password } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A call made with the token only (no cookie), as a tool makes it. */
function withToken(app: FastifyInstance, token: string, method: Method, url: string, body?: object, headers: Record<string, string> = {}) {
  return app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, ...(body ? { payload: body } : {}) } as InjectOptions);
}

const today = todayIso();
const addBody = (minutes = 15) => ({ date: today, listeningDailyMins: minutes });
const editBody = { date: addDays(today, -1), isToday: false, listeningDailyMins: 5, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0 };
const minutesToday = async (app: FastifyInstance, cookie: string, language?: string) =>
  (await caller(app, cookie).get(`/api/user/daily-activity?date=${today}${language ? `&language=${language}` : ''}`)).json().totalDailyMins;

describeDb('POST/GET/DELETE /api/user/tokens', () => {
  it('a token is minted with the password, shown once with its prefix, and listed without the secret', async () => {
    const { cookie, password, api } = await learner();
    const made = await mint(t.app, cookie, password, 'read', '  Podcast app  ');
    expect(made).toEqual({
      id: expect.any(String),
      name: 'Podcast app',
      scope: 'read',
      createdAt: expect.any(String),
      lastUsedAt: null,
      expiresAt: null,
      token: expect.any(String),
    });
    expect(new Date(made.createdAt).toISOString()).toBe(made.createdAt);
    expect(made.token.startsWith(ACCESS_TOKEN_PREFIX)).toBe(true);
    expect(Buffer.from(made.token.slice(ACCESS_TOKEN_PREFIX.length), 'base64url').length).toBeGreaterThanOrEqual(32);

    const list = await api.get(TOKENS);
    expect(list.statusCode).toBe(200);
    const { token, ...listed } = made;
    expect(list.json()).toEqual([listed]);
    expect(list.body).not.toContain(token);
    const stored = JSON.stringify(await t.db.selectFrom('access_tokens').selectAll().where('id', '=', made.id).execute());
    expect(stored).not.toContain(token.slice(ACCESS_TOKEN_PREFIX.length));
  });

  it('two tokens never share a secret or an id', async () => {
    const { cookie, password } = await learner();
    const [a, b] = [await mint(t.app, cookie, password), await mint(t.app, cookie, password)];
    expect(a.token).not.toBe(b.token);
    expect(a.id).not.toBe(b.id);
  });

  it('a wrong password is 401 INVALID_CREDENTIALS and mints nothing', async () => {
    const { cookie, api } = await learner();
    const res = await t.app.inject({ method: 'POST', url: TOKENS, headers: { cookie }, payload: { name: 'Anki', scope: 'log', password: 'not my password' } });
    expectError(res, 401, 'INVALID_CREDENTIALS');
    expect((await api.get(TOKENS)).json()).toEqual([]);
  });

  it('a name blank after trimming, longer than 60 characters, an unknown scope or field is 400 INVALID_INPUT', async () => {
    const { cookie, password, api } = await learner();
    const bodies = [
      { name: '   ', scope: 'log', password },
      { name: '', scope: 'log', password },
      { name: 'x'.repeat(61), scope: 'log', password },
      { name: 'Anki', scope: 'write', password },
      { name: 'Anki', scope: 'log' },
      { name: 'Anki', scope: 'log', password, expiresAt: '2030-01-01' },
    ];
    for (const payload of bodies) expectError(await t.app.inject({ method: 'POST', url: TOKENS, headers: { cookie }, payload }), 400, 'INVALID_INPUT');
    expect((await api.get(TOKENS)).json()).toEqual([]);
    expect((await mint(t.app, cookie, password, 'log', 'y'.repeat(60))).name).toHaveLength(60);
  });

  it('the 60 characters are counted after trimming: spaces around a 60-character name are dropped, 61 are refused', async () => {
    const { cookie, password, api } = await learner();
    expect((await mint(t.app, cookie, password, 'log', `  ${'z'.repeat(60)} `)).name).toBe('z'.repeat(60));
    expect((await mint(t.app, cookie, password, 'log', ` ${'🎧'.repeat(60)} `)).name).toBe('🎧'.repeat(60));
    expectError(await t.app.inject({ method: 'POST', url: TOKENS, headers: { cookie }, payload: { name: `  ${'z'.repeat(61)}  `, scope: 'log', password } }), 400, 'INVALID_INPUT');
    expect((await api.get(TOKENS)).json()).toHaveLength(2);
  });

  it('tokens minted at one instant are listed in the order they were minted', async () => {
    const clock = manualClock(new Date().toISOString());
    const still = await buildTestApp({ now: clock.now });
    try {
      const { cookie, password } = await learner(still.app);
      const names = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];
      for (const name of names) await mint(still.app, cookie, password, 'read', name);
      const listed = (await caller(still.app, cookie).get(TOKENS)).json() as Minted[];
      expect(listed.map((token) => token.name)).toEqual(names);
      expect(new Set(listed.map((token) => token.createdAt)).size).toBe(1);
    } finally {
      await still.close();
    }
  });

  it(`at most ${MAX_TOKENS_PER_LEARNER} tokens a learner: the next is 409 TOO_MANY_TOKENS until one is revoked`, async () => {
    const { cookie, password, api } = await learner();
    const made: Minted[] = [];
    for (let i = 0; i < MAX_TOKENS_PER_LEARNER; i++) made.push(await mint(t.app, cookie, password, 'read', `Tool ${i}`));
    const over = await t.app.inject({ method: 'POST', url: TOKENS, headers: { cookie }, payload: { name: 'One more', scope: 'read', password } });
    expectError(over, 409, 'TOO_MANY_TOKENS');
    expect((await api.get(TOKENS)).json()).toHaveLength(MAX_TOKENS_PER_LEARNER);
    expect((await api.del(`${TOKENS}/${made[0].id}`)).statusCode).toBe(204);
    await mint(t.app, cookie, password, 'read', 'One more');
  });

  it("revoking is 204 and the token is refused at once; another learner's id, or revoking twice, is 204 and changes nothing", async () => {
    const owner = await learner();
    const other = await learner();
    const kept = await mint(t.app, owner.cookie, owner.password);
    const doomed = await mint(t.app, owner.cookie, owner.password);
    expect((await other.api.del(`${TOKENS}/${kept.id}`)).statusCode).toBe(204);
    expect((await withToken(t.app, kept.token, 'GET', '/api/user/progress')).statusCode).toBe(200);
    expect((await owner.api.del(`${TOKENS}/${doomed.id}`)).statusCode).toBe(204);
    expectError(await withToken(t.app, doomed.token, 'GET', '/api/user/progress'), 401, 'UNAUTHENTICATED');
    expect((await owner.api.del(`${TOKENS}/${doomed.id}`)).statusCode).toBe(204);
    expect((await owner.api.get(TOKENS)).json().map((token: Minted) => token.id)).toEqual([kept.id]);
  });

  it('the token calls need the session: without one they are 401, and no token may make them (403 TOKEN_SCOPE)', async () => {
    const { cookie, password } = await learner();
    const token = (await mint(t.app, cookie, password)).token;
    expectError(await t.app.inject({ method: 'GET', url: TOKENS }), 401, 'UNAUTHENTICATED');
    expectError(await withToken(t.app, token, 'GET', TOKENS), 403, 'TOKEN_SCOPE');
    expectError(await withToken(t.app, token, 'POST', TOKENS, { name: 'Mine now', scope: 'log', password }), 403, 'TOKEN_SCOPE');
    const list = (await caller(t.app, cookie).get(TOKENS)).json();
    expectError(await withToken(t.app, token, 'DELETE', `${TOKENS}/${list[0].id}`), 403, 'TOKEN_SCOPE');
    expect((await caller(t.app, cookie).get(TOKENS)).json()).toHaveLength(1);
  });
});

describeDb('a wrong password when minting counts as a failed sign-in', () => {
  it('the failures draw on the sign-in limit of the account: then minting and signing in are 429 with Retry-After', async () => {
    const limited = await buildTestApp({
      rateLimit: { loginPerIpPerWindow: 1000, loginPerAccountPerWindow: 3, windowMs: 60_000, loginFailuresPerIpPerMinute: 1000, signupsPerIpPerHour: 1000 },
    });
    try {
      const { cookie, email, password } = await signUp(limited.app);
      const attempt = (pw: string) => limited.app.inject({ method: 'POST', url: TOKENS, headers: { cookie }, payload: { name: 'Anki', scope: 'log', password: pw } });
      for (let i = 0; i < 3; i++) expectError(await attempt(`wrong password ${i}`), 401, 'INVALID_CREDENTIALS');
      const refused = await attempt(password);
      expectError(refused, 429, 'RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const signIn = await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      expectError(signIn, 429, 'RATE_LIMITED');
      expect((await caller(limited.app, cookie).get(TOKENS)).json()).toEqual([]);
    } finally {
      await limited.close();
    }
  });

  it('a right password starts the count again, as a sign-in does', async () => {
    const limited = await buildTestApp({
      rateLimit: { loginPerIpPerWindow: 1000, loginPerAccountPerWindow: 3, windowMs: 60_000, loginFailuresPerIpPerMinute: 1000, signupsPerIpPerHour: 1000 },
    });
    try {
      const { cookie, password } = await signUp(limited.app);
      const attempt = (pw: string) => limited.app.inject({ method: 'POST', url: TOKENS, headers: { cookie }, payload: { name: 'Anki', scope: 'log', password: pw } });
      for (let round = 0; round < 3; round++) {
        expectError(await attempt('wrong password'), 401, 'INVALID_CREDENTIALS');
        expectError(await attempt('wrong password'), 401, 'INVALID_CREDENTIALS');
        expect((await attempt(password)).statusCode).toBe(201);
      }
    } finally {
      await limited.close();
    }
  });
});

/** What each call under /api/user lets a token do, by the contract's words: the test's own reading, not the server's. */
function contractAccess(method: string, path: string): 'read' | 'log' | 'none' {
  if (path === TOKENS || path.startsWith(`${TOKENS}/`)) return 'none';
  if (method === 'get') return 'read';
  if ((method === 'post' || method === 'patch') && path === '/api/user/daily-activity') return 'log';
  if (path === '/api/user/timer' || path.startsWith('/api/user/timer/')) return 'log';
  // Fifth edition: a log token may merge days (the handler refuses every other import: import-days.test.ts).
  if (method === 'post' && path === '/api/user/import') return 'log';
  return 'none';
}

describeDb('scopes', () => {
  it('every call under /api/user, as the OpenAPI document lists them, lets a read and a log token do exactly what the contract says', async () => {
    const { cookie, password } = await learner();
    const read = (await mint(t.app, cookie, password, 'read')).token;
    const log = (await mint(t.app, cookie, password, 'log')).token;
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const calls = Object.entries(doc.paths as Record<string, Record<string, { security?: unknown; 'x-token-scope'?: unknown }>>)
      .filter(([path]) => path === '/api/user' || path.startsWith('/api/user/'))
      .flatMap(([path, operations]) => Object.entries(operations).map(([method, operation]) => ({ method, path, operation })));
    expect(calls.length).toBeGreaterThan(30);
    // The account's own deletion last, and only with tokens: it is refused to both.
    for (const { method, path, operation } of calls) {
      const access = contractAccess(method, path);
      expect({ method, path, scope: operation['x-token-scope'] }).toEqual({ method, path, scope: access === 'none' ? null : access });
      expect(operation.security).toEqual(access === 'none' ? [{ session: [] }] : [{ session: [] }, { bearerAuth: [] }]);
      const url = path.replace(/\{[^}]+\}/g, randomUUID());
      for (const [scope, token] of [['read', read], ['log', log]] as const) {
        const res = await withToken(t.app, token, method.toUpperCase() as Method, url);
        const allowed = access === 'read' || (access === 'log' && scope === 'log');
        const outcome = res.statusCode === 403 ? res.json().error : res.statusCode === 401 ? 'UNAUTHENTICATED' : 'served';
        expect({ method, path, scope, outcome }).toEqual({ method, path, scope, outcome: allowed ? 'served' : 'TOKEN_SCOPE' });
      }
    }
    expect((await caller(t.app, cookie).get('/api/auth/check')).statusCode).toBe(200);
  });

  it('every call under /api/auth is refused to a token with 403 TOKEN_SCOPE, and its OpenAPI answers say so', async () => {
    const { cookie, password } = await learner();
    const token = (await mint(t.app, cookie, password, 'log')).token;
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const calls = Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, { description?: string }> }>>)
      .filter(([path]) => path.startsWith('/api/auth/'))
      .flatMap(([path, operations]) => Object.entries(operations).map(([method, operation]) => ({ method, path, operation })));
    expect(calls.map(({ path }) => path)).toEqual(expect.arrayContaining(['/api/auth/check', '/api/auth/logout', '/api/auth/login']));
    for (const { method, path, operation } of calls) {
      expect({ method, path, documented: operation.responses['403']?.description ?? '' }).toEqual({ method, path, documented: expect.stringContaining('TOKEN_SCOPE') });
      const res = await withToken(t.app, token, method.toUpperCase() as Method, path.replace(/\{[^}]+\}/g, randomUUID()), method === 'get' ? undefined : {});
      expect({ method, path, status: res.statusCode }).toEqual({ method, path, status: 403 });
      expect(res.json().error).toBe('TOKEN_SCOPE');
    }
    expect((await caller(t.app, cookie).get('/api/auth/check')).statusCode).toBe(200);
  });

  it('a read token reads but cannot add, edit or start a timer, and its refused add changes nothing', async () => {
    const { cookie, password } = await learner();
    await caller(t.app, cookie).post('/api/user/daily-activity', addBody(20));
    const token = (await mint(t.app, cookie, password, 'read')).token;
    const day = await withToken(t.app, token, 'GET', `/api/user/daily-activity?date=${today}`);
    expect(day.statusCode).toBe(200);
    expect(day.json().totalDailyMins).toBe(20);
    expectError(await withToken(t.app, token, 'POST', '/api/user/daily-activity', addBody(), { 'idempotency-key': randomUUID() }), 403, 'TOKEN_SCOPE');
    expectError(await withToken(t.app, token, 'PATCH', '/api/user/daily-activity', editBody), 403, 'TOKEN_SCOPE');
    expectError(await withToken(t.app, token, 'PUT', '/api/user/timer', { id: randomUUID(), skill: 'reading', startedAt: new Date().toISOString() }), 403, 'TOKEN_SCOPE');
    expect(await minutesToday(t.app, cookie)).toBe(20);
    expect((await caller(t.app, cookie).get('/api/user/timer')).json()).toEqual({ timer: null });
  });

  it('a body nested past 64 levels is 400 INVALID_INPUT with a token as without one: unknown, out of scope or in scope', async () => {
    const { cookie, password } = await learner();
    const [reader, logger] = [(await mint(t.app, cookie, password, 'read')).token, (await mint(t.app, cookie, password, 'log')).token];
    const tooDeep = JSON.parse(`${'['.repeat(65)}${']'.repeat(65)}`);
    for (const token of [`${ACCESS_TOKEN_PREFIX}${'A'.repeat(43)}`, 'nonsense', reader, logger]) {
      expectError(await withToken(t.app, token, 'POST', '/api/user/daily-activity', tooDeep, { 'idempotency-key': randomUUID() }), 400, 'INVALID_INPUT');
    }
    // Refused as before once the body is fine.
    expectError(await withToken(t.app, 'nonsense', 'POST', '/api/user/daily-activity', addBody()), 401, 'UNAUTHENTICATED');
    expectError(await withToken(t.app, reader, 'POST', '/api/user/daily-activity', addBody(), { 'idempotency-key': randomUUID() }), 403, 'TOKEN_SCOPE');
    expect(await minutesToday(t.app, cookie)).toBe(0);
  });

  it('a log token adds, edits and runs the timer', async () => {
    const { cookie, password } = await learner();
    const token = (await mint(t.app, cookie, password, 'log')).token;
    const add = await withToken(t.app, token, 'POST', '/api/user/daily-activity', addBody(25));
    expect(add.statusCode, add.body).toBe(200);
    expect(await minutesToday(t.app, cookie)).toBe(25);
    const edit = await withToken(t.app, token, 'PATCH', '/api/user/daily-activity', editBody);
    expect(edit.statusCode, edit.body).toBe(200);
    const id = randomUUID();
    const start = await withToken(t.app, token, 'PUT', '/api/user/timer', { id, skill: 'speaking', startedAt: new Date().toISOString() });
    expect(start.statusCode, start.body).toBe(200);
    expect((await withToken(t.app, token, 'GET', '/api/user/timer')).json().timer.id).toBe(id);
    expect((await withToken(t.app, token, 'DELETE', `/api/user/timer/${id}`)).statusCode).toBe(204);
    expect((await caller(t.app, cookie).get('/api/user/timer')).json()).toEqual({ timer: null });
  });

  it('neither scope may change the goal, settings, language, import, delete the account or sign out; nothing changes', async () => {
    const { cookie, password, api } = await learner();
    const log = (await mint(t.app, cookie, password, 'log')).token;
    const read = (await mint(t.app, cookie, password, 'read')).token;
    const snapshot = async () =>
      Promise.all(['/api/user/daily-goal', '/api/user/language', '/api/user/previous-time', '/api/user/milestones', '/api/user/rest-days', '/api/user/daily-activity/all', TOKENS].map(async (u) => (await api.get(u)).json()));
    const before = await snapshot();
    const refused: Array<[Method, string, object?]> = [
      ['POST', '/api/user/daily-goal', { dailyGoalMinutes: 60, date: today }],
      ['POST', '/api/user/language', { name: 'French' }],
      ['POST', '/api/user/previous-time', { previousHours: 100 }],
      ['POST', '/api/user/milestones', { level1: 1, level2: 2, level3: 3, level4: 4, level5: 5, level6: 6 }],
      ['POST', '/api/user/rest-days', { weekdays: [0], periods: [] }],
      ['POST', '/api/user/import', { source: 'lingualog-csv', content: 'x', mode: 'replace', dryRun: false }],
      ['DELETE', '/api/user'],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/auth/check'],
    ];
    for (const token of [log, read]) {
      for (const [method, url, body] of refused) {
        // With the learner's own cookie too: the token decides, whatever cookie comes with it.
        expectError(await withToken(t.app, token, method, url, body), 403, 'TOKEN_SCOPE');
        expectError(await withToken(t.app, token, method, url, body, { cookie }), 403, 'TOKEN_SCOPE');
      }
    }
    expect(await snapshot()).toEqual(before);
    expect((await api.get('/api/auth/check')).statusCode).toBe(200);
  });

  it('an unknown, revoked or malformed token is 401 UNAUTHENTICATED, even beside a valid cookie', async () => {
    const { cookie, password, api } = await learner();
    const made = await mint(t.app, cookie, password);
    await api.del(`${TOKENS}/${made.id}`);
    const bad = [
      `Bearer ${made.token}`,
      `Bearer ${ACCESS_TOKEN_PREFIX}${'A'.repeat(43)}`,
      `Bearer ${made.token.slice(0, -1)}`,
      `Bearer ${made.token}x`,
      'Bearer',
      'Bearer ',
      `Bearer ${made.token} extra`,
      `bearer not-a-token`,
    ];
    for (const authorization of bad) {
      for (const headers of [{ authorization }, { authorization, cookie }]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/user/progress', headers });
        expect({ authorization, status: res.statusCode, body: res.json() }).toEqual({
          authorization,
          status: 401,
          body: { error: 'UNAUTHENTICATED', message: expect.stringMatching(/\S/) },
        });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    }
    expect((await api.get('/api/user/progress')).statusCode).toBe(200);
  });
});

describeDb('a token is its learner', () => {
  it("a token reads and writes its own learner's data only, whatever cookie it carries", async () => {
    const owner = await learner();
    const other = await learner();
    await other.api.post('/api/user/daily-activity', addBody(40));
    const token = (await mint(t.app, owner.cookie, owner.password)).token;
    let added = 0;
    for (const headers of [{}, { cookie: other.cookie }] as Array<Record<string, string>>) {
      const read = await withToken(t.app, token, 'GET', `/api/user/daily-activity?date=${today}`, undefined, headers);
      expect(read.json().totalDailyMins).toBe(added);
      expect((await withToken(t.app, token, 'POST', '/api/user/daily-activity', addBody(5), headers)).statusCode).toBe(200);
      added += 5;
    }
    expect(await minutesToday(t.app, owner.cookie)).toBe(10);
    expect(await minutesToday(t.app, other.cookie)).toBe(40);
    const otherTokens = (await other.api.get(TOKENS)).json();
    expect(otherTokens).toEqual([]);
  });

  it('a keyed add with ?language= through a token lands in that language exactly once, and the current language stays', async () => {
    const { cookie, password, api } = await learner(t.app, 'French');
    await withLanguage(t.app, cookie, 'Spanish');
    const token = (await mint(t.app, cookie, password)).token;
    const key = randomUUID();
    const send = () => withToken(t.app, token, 'POST', '/api/user/daily-activity?language=French', addBody(12), { 'idempotency-key': key });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await minutesToday(t.app, cookie, 'French')).toBe(12);
    expect(await minutesToday(t.app, cookie, 'Spanish')).toBe(0);
    expect((await api.get('/api/user/language')).json()).toEqual({ name: 'Spanish' });
    expectError(await withToken(t.app, token, 'POST', '/api/user/daily-activity?language=German', addBody()), 409, 'LANGUAGE_NOT_STARTED');
  });

  it('deleting the account deletes its tokens: they are refused and no row is left', async () => {
    const { cookie, password, email, api } = await learner();
    const token = (await mint(t.app, cookie, password)).token;
    const { id } = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect((await api.del('/api/user')).statusCode).toBe(204);
    expectError(await withToken(t.app, token, 'GET', '/api/user/progress'), 401, 'UNAUTHENTICATED');
    expect(await t.db.selectFrom('access_tokens').select('id').where('user_id', '=', Number(id)).execute()).toEqual([]);
  });
});

describeDb('several server processes on one database', () => {
  it('a token revoked through one process is refused by another at once', async () => {
    const shared = await sharedDatabase();
    try {
      const [a, b] = [await shared.open(), await shared.open()];
      const { cookie, password } = await learner(a);
      const made = await mint(a, cookie, password);
      expect((await withToken(b, made.token, 'GET', '/api/user/progress')).statusCode).toBe(200);
      expect((await caller(a, cookie).del(`${TOKENS}/${made.id}`)).statusCode).toBe(204);
      expectError(await withToken(b, made.token, 'GET', '/api/user/progress'), 401, 'UNAUTHENTICATED');
    } finally {
      await shared.close();
    }
  });

  it(`${TOKEN_CALLS_PER_MINUTE} calls a minute per token across processes, then 429 RATE_LIMITED with Retry-After until the minute ends`, async () => {
    const clock = manualClock(new Date().toISOString());
    const shared = await sharedDatabase({ now: clock.now });
    try {
      const [a, b] = [await shared.open(), await shared.open()];
      const { cookie, password } = await learner(a);
      const token = (await mint(a, cookie, password, 'read')).token;
      const fresh = (await mint(a, cookie, password, 'read')).token;
      for (let i = 0; i < TOKEN_CALLS_PER_MINUTE; i++) {
        const res = await withToken(i % 2 ? a : b, token, 'GET', '/api/user/has-language');
        expect(res.statusCode).toBe(200);
      }
      clock.advance(20_000);
      for (const app of [a, b]) {
        // From a web page elsewhere too: the answer lets the page read the refusal and its Retry-After.
        const refused: LightMyRequestResponse = await withToken(app, token, 'GET', '/api/user/has-language', undefined, { origin: FOREIGN_ORIGIN });
        expectError(refused, 429, 'RATE_LIMITED');
        expect(Number(refused.headers['retry-after'])).toBe(40);
        expect(refused.headers['access-control-allow-origin']).toBe('*');
        expect(String(refused.headers['access-control-expose-headers'])).toMatch(/Retry-After/i);
      }
      expect((await withToken(b, fresh, 'GET', '/api/user/has-language')).statusCode).toBe(200);
      expect((await caller(b, cookie).get('/api/user/has-language')).statusCode).toBe(200);
      clock.advance(40_000);
      expect((await withToken(a, token, 'GET', '/api/user/has-language')).statusCode).toBe(200);
    } finally {
      await shared.close();
    }
  });
});

describeDb("a token call's own writes (its counter, lastUsedAt)", () => {
  it("are committed on their own while another request's transaction is open: that transaction's rollback leaves them", async () => {
    const { cookie, password, api } = await learner();
    const made = await mint(t.app, cookie, password, 'read');
    let opened = () => {};
    const open = new Promise<void>((resolve) => (opened = resolve));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const other = t.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('users').values({ email: `rolled-back-${randomUUID()}@example.com`, password_hash: 'x', current_language: null, created_at: Date.now() }).execute();
        opened();
        await held;
        throw new Error('rolled back');
      })
      .catch((err: Error) => err.message);
    await open;
    // The call's first use claims a lease and sets lastUsedAt while the transaction is open.
    const call = withToken(t.app, made.token, 'GET', '/api/user/progress');
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await other).toBe('rolled back');
    expect((await call).statusCode).toBe(200);
    const listed = (await api.get(TOKENS)).json() as Minted[];
    expect(listed.find((token) => token.id === made.id)?.lastUsedAt).not.toBeNull();
    const counter = await t.db.selectFrom('rate_limits').select('count').where('key', '=', `token:${made.id}`).executeTakeFirst();
    expect(Number(counter?.count)).toBeGreaterThanOrEqual(1);
  });
});

describeDb('lastUsedAt', () => {
  it('the first use sets it at once; then it moves at most once a minute, and a refused call leaves it', async () => {
    const clock = manualClock(new Date().toISOString());
    const clocked = await buildTestApp({ now: clock.now });
    try {
      const { cookie, password } = await learner(clocked.app);
      const read = await mint(clocked.app, cookie, password, 'read');
      const lastUsed = async () => (await caller(clocked.app, cookie).get(TOKENS)).json()[0].lastUsedAt;
      expect(await lastUsed()).toBeNull();
      expectError(await withToken(clocked.app, read.token, 'POST', '/api/user/daily-activity', addBody()), 403, 'TOKEN_SCOPE');
      expect(await lastUsed()).toBeNull();

      const first = clock.now().toISOString();
      await withToken(clocked.app, read.token, 'GET', '/api/user/progress');
      expect(await lastUsed()).toBe(first);
      clock.advance(30_000);
      await withToken(clocked.app, read.token, 'GET', '/api/user/progress');
      expect(await lastUsed()).toBe(first);
      clock.advance(29_000);
      await withToken(clocked.app, read.token, 'GET', '/api/user/progress');
      expect(await lastUsed()).toBe(first);
      clock.advance(2_000);
      const later = clock.now().toISOString();
      await withToken(clocked.app, read.token, 'GET', '/api/user/progress');
      expect(await lastUsed()).toBe(later);
      expect(Date.parse(later) - Date.parse(first)).toBe(MINUTE_MS + 1_000);
    } finally {
      await clocked.close();
    }
  });
});

describeDb('token expiry', () => {
  const DAY_MS = 24 * 60 * MINUTE_MS;
  const mintFor = (app: FastifyInstance, cookie: string, password: string, expiresInDays: unknown) =>
    app.inject({ method: 'POST', url: TOKENS, headers: { cookie }, payload: { name: 'Phone shortcut', scope: 'log', password, expiresInDays } });

  it.each([30, 90, 365])('a token minted to expire in %i days shows expiresAt, works until then and answers 401 from that instant on', async (days) => {
    const clock = manualClock(new Date().toISOString());
    const clocked = await buildTestApp({ now: clock.now });
    try {
      const { cookie, password } = await learner(clocked.app);
      const minted = await mintFor(clocked.app, cookie, password, days);
      expect(minted.statusCode, minted.body).toBe(201);
      const made: Minted = minted.json();
      expect(made.expiresAt).toBe(new Date(Date.parse(made.createdAt) + days * DAY_MS).toISOString());
      expect((await caller(clocked.app, cookie).get(TOKENS)).json()[0].expiresAt).toBe(made.expiresAt);

      clock.advance(days * DAY_MS - 1);
      expect((await withToken(clocked.app, made.token, 'GET', '/api/user/progress')).statusCode).toBe(200);
      clock.advance(1);
      expectError(await withToken(clocked.app, made.token, 'GET', '/api/user/progress'), 401, 'UNAUTHENTICATED');
      expectError(await withToken(clocked.app, made.token, 'POST', '/api/user/daily-activity', addBody()), 401, 'UNAUTHENTICATED');
    } finally {
      await clocked.close();
    }
  });

  it('without expiresInDays, or with null, a token never expires (expiresAt null)', async () => {
    const clock = manualClock(new Date().toISOString());
    const clocked = await buildTestApp({ now: clock.now });
    try {
      const { cookie, password } = await learner(clocked.app);
      const absent: Minted = await mint(clocked.app, cookie, password);
      const nulled = await mintFor(clocked.app, cookie, password, null);
      expect(nulled.statusCode).toBe(201);
      expect([absent.expiresAt, nulled.json().expiresAt]).toEqual([null, null]);
      clock.advance(3650 * DAY_MS);
      expect((await withToken(clocked.app, absent.token, 'GET', '/api/user/progress')).statusCode).toBe(200);
      expect((await withToken(clocked.app, nulled.json().token, 'GET', '/api/user/progress')).statusCode).toBe(200);
    } finally {
      await clocked.close();
    }
  });

  it('any other expiresInDays is 400 INVALID_INPUT and mints nothing', async () => {
    const { cookie, password, api } = await learner();
    for (const value of [0, 1, 31, 60, -30, 30.5, '30', 'never', true, [30], {}]) {
      expectError(await mintFor(t.app, cookie, password, value), 400, 'INVALID_INPUT');
    }
    expect((await api.get(TOKENS)).json()).toEqual([]);
  });
});

describeDb('CORS for token calls', () => {
  const preflight = (app: FastifyInstance, origin: string, url = '/api/user/daily-activity') =>
    app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, idempotency-key' },
    });

  it('the preflight of /api/user/* from any origin allows Authorization, Content-Type and Idempotency-Key, without credentials', async () => {
    for (const url of ['/api/user/daily-activity', '/api/user/timer/abc', `/api/user/daily-activity/all?from=${today}`]) {
      const res = await preflight(t.app, FOREIGN_ORIGIN, url);
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(/\s*,\s*/);
      expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']));
      // As the contract spells them too, for a client that compares names as written.
      for (const name of ['Authorization', 'Content-Type', 'Idempotency-Key']) expect(res.headers['access-control-allow-headers']).toContain(name);
      expect(String(res.headers['access-control-allow-methods'])).toMatch(/POST/);
    }
    expect((await preflight(t.app, FOREIGN_ORIGIN, '/api/auth/login')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a token call from a foreign origin is served, its answer carrying Access-Control-Allow-Origin without credentials', async () => {
    const { cookie, password } = await learner();
    const token = (await mint(t.app, cookie, password)).token;
    const headers = { origin: FOREIGN_ORIGIN, 'sec-fetch-site': 'cross-site', 'idempotency-key': randomUUID() };
    const add = await withToken(t.app, token, 'POST', '/api/user/daily-activity', addBody(9), headers);
    expect(add.statusCode, add.body).toBe(200);
    expect(add.headers['access-control-allow-origin']).toBe('*');
    expect(add.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(add.headers['access-control-expose-headers'])).toMatch(/Retry-After/i);
    const refused = await withToken(t.app, 'nonsense', 'GET', '/api/user/progress', undefined, { origin: FOREIGN_ORIGIN });
    expectError(refused, 401, 'UNAUTHENTICATED');
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    // A blank token is a malformed one, and the tool's page can read why.
    for (const authorization of ['Bearer', 'Bearer ', 'bearer   ']) {
      const blank = await t.app.inject({ method: 'GET', url: '/api/user/progress', headers: { authorization, origin: FOREIGN_ORIGIN } });
      expectError(blank, 401, 'UNAUTHENTICATED');
      expect(blank.headers['access-control-allow-origin'], authorization).toBe('*');
    }
    expect(await minutesToday(t.app, cookie)).toBe(9);
  });

  it("a cookie write from a foreign origin is still 403 FORBIDDEN_ORIGIN; with a token beside it, only the token's learner is written", async () => {
    const victim = await learner();
    const attacker = await learner();
    const attackerToken = (await mint(t.app, attacker.cookie, attacker.password)).token;
    const cross = { cookie: victim.cookie, origin: FOREIGN_ORIGIN, 'sec-fetch-site': 'cross-site' };
    const cookieOnly = await t.app.inject({ method: 'POST', url: '/api/user/daily-activity', headers: cross, payload: addBody(30) });
    expectError(cookieOnly, 403, 'FORBIDDEN_ORIGIN');
    const both = await withToken(t.app, attackerToken, 'POST', '/api/user/daily-activity', addBody(30), cross);
    expect(both.statusCode).toBe(200);
    expect(await minutesToday(t.app, victim.cookie)).toBe(0);
    expect(await minutesToday(t.app, attacker.cookie)).toBe(30);
    const basic = await t.app.inject({ method: 'POST', url: '/api/user/daily-activity', headers: { ...cross, authorization: 'Basic dXNlcjpwYXNz' }, payload: addBody(30) });
    expectError(basic, 403, 'FORBIDDEN_ORIGIN');
    expect(await minutesToday(t.app, victim.cookie)).toBe(0);
  });

  it('cookie calls from a configured origin keep credentials', async () => {
    const allowedOrigin = 'https://app.example';
    const configured = await buildTestApp({ corsOrigins: [allowedOrigin] });
    try {
      const res = await preflight(configured.app, allowedOrigin);
      expect(res.headers['access-control-allow-origin']).toBe(allowedOrigin);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
    } finally {
      await configured.close();
    }
  });
});

describeDb('logs', () => {
  it('a token never reaches the logs: the logger redacts Authorization', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // The most an operator could log: every request's headers.
    const logged = await buildTestApp({
      logger: { level: 'trace', stream, serializers: { req: (req: { method: string; url: string; headers: unknown }) => ({ method: req.method, url: req.url, headers: req.headers }) } },
    });
    try {
      const { cookie, password } = await learner(logged.app);
      const made = await mint(logged.app, cookie, password);
      await withToken(logged.app, made.token, 'GET', '/api/user/progress');
      await withToken(logged.app, made.token, 'POST', '/api/user/daily-goal', { dailyGoalMinutes: 60, date: today });
      await withToken(logged.app, `${made.token}x`, 'GET', '/api/user/progress');
      const output = lines.join('');
      expect(output).toContain('/api/user/progress');
      expect(output).toContain('[redacted]');
      expect(output).not.toContain(made.token.slice(ACCESS_TOKEN_PREFIX.length, ACCESS_TOKEN_PREFIX.length + 20));
      expect(output).not.toContain(password);
    } finally {
      await logged.close();
    }
  });
});
