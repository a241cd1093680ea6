/**
 * Test harness: a fresh app on a fresh database per call (SQLite temp file or a new
 * PostgreSQL database), plus shortcuts for the steps most tests start with.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { buildApp, type AppOptions } from '../src/app';
import type { Database } from '../src/db/database';

const testDb = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const postgresUrl = testDb === 'postgres' ? inject('postgresUrl') : '';

/** describe, or describe.skip when the PostgreSQL run has no server to talk to. */
export const describeDb = (testDb === 'postgres' && !postgresUrl ? describe.skip : describe) as typeof describe;

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (testDb === 'postgres') {
    const name = `t_${randomBytes(8).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  const dir = mkdtempSync(join(tmpdir(), 'tracker-test-'));
  return { url: `sqlite:${join(dir, 'test.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

const testOptions = (databaseUrl: string, overrides: Partial<AppOptions>): AppOptions => ({
  databaseUrl,
  logger: false,
  spaDir: null,
  passwordHashCost: { N: 2 ** 12, r: 8, p: 1 },
  rateLimit: { loginPerIpPerWindow: 1000, loginPerAccountPerWindow: 1000, windowMs: 60_000, loginFailuresPerIpPerMinute: 1000, signupsPerIpPerHour: 1000 },
  // No reminder leaves a test by the clock: a test that sends one drives the scheduler's tick itself.
  push: { scheduler: false },
  ...overrides,
});

export async function buildTestApp(
  overrides: Partial<AppOptions> = {},
): Promise<{ app: FastifyInstance; db: Kysely<Database>; close(): Promise<void> }> {
  const database = await freshDatabase();
  const app = await buildApp(testOptions(database.url, overrides));
  return {
    app,
    db: app.db,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * Server processes on one database, as behind a load balancer: `open()` starts one more (each with
 * its own connection and its own memory), `close()` ends them all and drops the database.
 */
export async function sharedDatabase(overrides: Partial<AppOptions> = {}) {
  const database = await freshDatabase();
  const apps: FastifyInstance[] = [];
  const open = async (): Promise<FastifyInstance> => {
    const app = await buildApp(testOptions(database.url, overrides));
    apps.push(app);
    return app;
  };
  return {
    open,
    close: async () => {
      for (const app of apps) await app.close();
      await database.drop();
    },
  };
}

/**
 * One app shared by every test in the calling file: built (and its plugins loaded) before the
 * first test, closed after the last. Use its members inside tests, not at module load.
 */
export function testAppForFile(): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp();
    await built.app.ready();
  });
  afterAll(() => built?.close());
  const current = (): TestApp => {
    if (!built) throw new Error('the test app exists only once beforeAll has run');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    close: () => current().close(),
  };
}

let emailCounter = 0;

/** Registers a user (a unique email unless given) and returns the Cookie header value `sid=…`. */
export async function signUp(
  app: FastifyInstance,
  email = `learner${++emailCounter}-${randomBytes(4).toString('hex')}@example.com`,
  password = 'correct horse battery',
): Promise<{ cookie: string; email: string; password: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(201);
  const sid = res.cookies.find((c) => c.name === 'sid');
  if (!sid) throw new Error('register answered without a sid cookie');
  return { cookie: `sid=${sid.value}`, email, password };
}

export async function withLanguage(app: FastifyInstance, cookie: string, name = 'Spanish'): Promise<void> {
  const res = await app.inject({ method: 'POST', url: '/api/user/language', headers: { cookie }, payload: { name } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Today's date as the server sees it (UTC). */
export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}
