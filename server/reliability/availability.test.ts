/**
 * Answers instead of hangs, and the true cause in the log (issue 12, item 10 and the smaller
 * items): a hung PostgreSQL, HTTP the parser rejects, a full disk, and whose X-Forwarded-For
 * counts (TRUST_PROXY as a hop count or a list of proxy addresses).
 */
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../src/app';
import { buildTestApp, signUp, todayIso, withLanguage } from '../test/helper';
import { addDays, expectError } from '../test/requests';
import { freezableProxy } from './support/freezableProxy';
import { describePostgres, freshPostgresDatabase } from './support/postgres';

const CHEAP_HASH = { N: 2 ** 12, r: 8, p: 1 };
const check = (app: FastifyInstance, cookie: string) => app.inject({ method: 'GET', url: '/api/auth/check', headers: { cookie } });

/** Resolves with `promise`, or with 'no answer' once `ms` have passed. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), ms).unref())]);

describePostgres('10. a hung PostgreSQL', () => {
  async function hungDatabase(options: Partial<AppOptions>, body: (app: FastifyInstance, cookie: string) => Promise<void>) {
    const database = await freshPostgresDatabase();
    const proxy = await freezableProxy(database.url);
    const app = await buildApp({ databaseUrl: proxy.url, logger: false, spaDir: null, passwordHashCost: CHEAP_HASH, ...options });
    try {
      const { cookie } = await signUp(app);
      proxy.freeze();
      await body(app, cookie);
      proxy.thaw();
      let recovered = 0;
      for (let i = 0; i < 40 && recovered !== 200; i++) {
        recovered = (await check(app, cookie)).statusCode;
        if (recovered !== 200) await new Promise((r) => setTimeout(r, 250));
      }
      expect(recovered, 'signed in again once the database answers').toBe(200);
    } finally {
      proxy.thaw();
      await app.close();
      await proxy.close();
      await database.drop();
    }
  }

  it('with the production timeouts, every request (more than the pool holds) gets 503 SERVICE_UNAVAILABLE with Retry-After in seconds', () =>
    hungDatabase({}, async (app, cookie) => {
      const start = performance.now();
      const answers = await within(Promise.all(Array.from({ length: 15 }, () => check(app, cookie))), 20_000);
      const seconds = ((performance.now() - start) / 1000).toFixed(1);
      expect(answers, 'answered within 20 s').not.toBe('no answer');
      if (answers === 'no answer') return;
      console.log(`[availability] PostgreSQL frozen: 15 × /api/auth/check answered ${[...new Set(answers.map((a) => a.statusCode))]} in ${seconds} s`);
      for (const res of answers) {
        expectError(res, 503, 'SERVICE_UNAVAILABLE');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }));

  it('the request deadline answers 503 even while the database timeout has not yet run out', () =>
    hungDatabase({ requestTimeoutMs: 1_000, databaseTimeoutMs: 30_000 }, async (app, cookie) => {
      const res = await within(check(app, cookie), 10_000);
      expect(res).not.toBe('no answer');
      if (res !== 'no answer') expectError(res, 503, 'SERVICE_UNAVAILABLE');
    }));
});

describe("the HTTP parser's own refusals use the API's error shape", () => {
  async function rawAnswer(app: FastifyInstance, request: string): Promise<{ status: number; type: string; body: unknown }> {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect(Number(new URL(address).port), '127.0.0.1');
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString()));
    await new Promise((resolve) => socket.on('close', resolve).on('error', resolve).write(request));
    const [head, body] = text.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), type: /content-type: ([^\r]+)/i.exec(head)?.[1] ?? '', body: JSON.parse(body) };
  }

  it.each([
    ['a malformed request line', 'NOT HTTP AT ALL\r\n\r\n', 400, 'INVALID_INPUT'],
    ['headers over the size limit', `GET /api/languages HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'HEADERS_TOO_LARGE'],
  ])('%s → a 4xx {error, message}', async (_label, request, status, code) => {
    const t = await buildTestApp();
    try {
      const answer = await rawAnswer(t.app, request);
      console.log(`[availability] ${_label}: ${answer.status} ${JSON.stringify(answer.body)}`);
      expect(answer).toEqual({ status, type: expect.stringMatching(/^application\/json/), body: { error: code, message: expect.stringMatching(/\S/) } });
    } finally {
      await t.close();
    }
  });
});

describe('a full disk (SQLite)', () => {
  it("answers 503 and logs 'database or disk is full', not 'cannot rollback - no transaction is active'", async () => {
    const lines: string[] = [];
    const t = await buildTestApp({ logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } });
    try {
      const { cookie } = await signUp(t.app);
      await withLanguage(t.app, cookie);
      const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(t.db);
      await sql.raw(`pragma max_page_count = ${rows[0].page_count}`).execute(t.db);
      let failed: Awaited<ReturnType<typeof t.app.inject>> | undefined;
      for (let day = 0; day < 400 && !failed; day++) {
        const edit = { date: addDays(todayIso(), -day), isToday: day === 0, listeningDailyMins: 0, readingDailyMins: 5, speakingDailyMins: 0, writingDailyMins: 0 };
        const res = await t.app.inject({ method: 'PATCH', url: '/api/user/daily-activity', headers: { cookie }, payload: edit });
        if (res.statusCode !== 200) failed = res;
      }
      const log = lines.join('');
      console.log(`[availability] disk full: answer ${failed?.statusCode} ${failed?.body}; logged: ${lines.map((l) => JSON.parse(l).err?.message).join(' | ')}`);
      expect(failed).toBeDefined();
      if (failed) expectError(failed, 503, 'SERVICE_UNAVAILABLE');
      expect(log).toContain('database or disk is full');
      expect(log).not.toContain('cannot rollback');
    } finally {
      await t.close();
    }
  });
});

describe('TRUST_PROXY as a hop count or a list of proxy addresses', () => {
  /** The address the per-IP sign-in counter was kept under. */
  async function countedAddress(app: FastifyInstance, remoteAddress: string, forwardedFor: string): Promise<string> {
    await app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, headers: { 'x-forwarded-for': forwardedFor }, payload: { email: `${Math.random()}@example.com`, password: 'wrong password' } });
    const row = await app.db.selectFrom('rate_limits').select('key').where('key', 'like', 'login-ip:%').orderBy('window_start', 'desc').executeTakeFirstOrThrow();
    await app.db.deleteFrom('rate_limits').execute();
    return row.key.slice('login-ip:'.length);
  }

  it('one hop: the address the proxy saw counts, and addresses a client prepends do not', async () => {
    const t = await buildTestApp({ trustProxy: 1 });
    try {
      expect(await countedAddress(t.app, '10.0.0.2', '203.0.113.66, 198.51.100.7')).toBe('198.51.100.7');
    } finally {
      await t.close();
    }
  });

  it('an address list: X-Forwarded-For counts only on connections from a listed proxy', async () => {
    const t = await buildTestApp({ trustProxy: ['10.0.0.0/8'] });
    try {
      const viaProxy = await countedAddress(t.app, '10.1.2.3', '198.51.100.7');
      const direct = await countedAddress(t.app, '203.0.113.50', '198.51.100.8');
      console.log(`[availability] TRUST_PROXY=10.0.0.0/8: via the proxy counted as ${viaProxy}; a direct client claiming 198.51.100.8 counted as ${direct}`);
      expect([viaProxy, direct]).toEqual(['198.51.100.7', '203.0.113.50']);
    } finally {
      await t.close();
    }
  });
});
