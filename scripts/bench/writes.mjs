// Issue #54: `npm run bench -- --writes [--postgres]`: what a write costs, this build beside an
// earlier one (BENCH_WRITE_BASE, 531f070 by default: the build the issue started from) and beside
// the durable-upsert floor (scripts/bench/floor.mjs), in one run. Each build's server runs from its
// sources on a database of its own seeded alike (997 writers with 20 days, then ANALYZE); the
// earlier commit's files come from `git archive` (apiCompare.mjs) and share node_modules. Rounds are
// interleaved (stack.mjs, measureInterleaved): the floor, then each build's add, keyed add and edit,
// in turn; medians, with each process's CPU per request read from /proc over its round.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkoutOf } from './apiCompare.mjs';
import { REPO_ROOT, onCleanup, startNodeServer } from './processes.mjs';
import { addMinutesTarget, keyedAddTarget } from './scenarios.mjs';
import { benchPasswordHash, openDatabase, seedLearners } from './seed.mjs';
import { editTarget, floorWriteTarget, measureInterleaved, startFloor } from './stack.mjs';
import { round, table, utcToday } from './util.mjs';

/** The add's throughput at least this share of the floor's (issue #54). */
const ADD_SHARE = 0.15;
const WRITERS = 997;

/** A second database beside `url` on the same PostgreSQL cluster. */
async function postgresDatabase(url, name) {
  const db = await openDatabase(url);
  try {
    await db.query(`CREATE DATABASE ${name}`);
  } finally {
    await db.close();
  }
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

async function seededServer(name, cwd, databaseUrl) {
  const server = await startNodeServer(name, 'server/src/server.ts', {
    cwd,
    env: { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost', VAPID_SUBJECT: 'mailto:bench@lingualog.invalid', DATABASE_URL: databaseUrl, SERVE_SPA: '', LOG_LEVEL: 'warn' },
    readyPath: '/api/languages',
  });
  const db = await openDatabase(databaseUrl);
  try {
    await seedLearners(db, { prefix: 'bulk', first: 1, last: WRITERS, languages: ['Spanish'], days: 20, passwordHash: await benchPasswordHash(), today: utcToday() });
  } finally {
    await db.close();
  }
  return server;
}

/**
 * The section: `postgresUrl` for PostgreSQL (the floor stays SQLite's durable upsert: the issue's
 * target is set against it, and PostgreSQL's figures are printed beside it, without a target).
 */
export async function writesSection({ postgresUrl = null, ref = process.env.BENCH_WRITE_BASE ?? '531f070' } = {}) {
  const base = checkoutOf(ref);
  const dir = mkdtempSync(join(tmpdir(), 'tracker-bench-writes-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const urlFor = async (name) => (postgresUrl ? postgresDatabase(postgresUrl, name) : `sqlite:${join(dir, `${name}.db`)}`);
  const floor = await startFloor();
  const current = await seededServer('writes-this', REPO_ROOT, await urlFor('writes_this'));
  const earlier = await seededServer('writes-base', base.dir, await urlFor('writes_base'));
  const loadBefore = loadavg()[0];
  const writes = (server, label) => [
    { ...addMinutesTarget(server.url, 'bulk'), name: `${label}POST /api/user/daily-activity (add)`, pid: server.pid, kind: 'add' },
    { ...keyedAddTarget(server.url, 'bulk', label), pid: server.pid, kind: 'keyed' },
    { ...editTarget(server.url, 'bulk'), name: `${label}PATCH /api/user/daily-activity (edit)`, pid: server.pid, kind: 'edit' },
  ];
  const results = await measureInterleaved([
    { ...floorWriteTarget(floor.url), pid: floor.pid, kind: 'floor' },
    ...writes(current, ''),
    ...writes(earlier, `${base.commit}: `),
  ]);
  const floorRps = results[0].rps;
  const text = table([
    ['', 'req/s (median)', 'min-max', 'of the floor', 'CPU ms/req', 'errors', 'non-2xx'],
    ...results.map((r) => [r.name, Math.round(r.rps), `${Math.round(r.minRps)}-${Math.round(r.maxRps)}`, `${(100 * r.rps / floorRps).toFixed(1)}%`, round(r.cpuPer1000, 3), r.errors, r.non2xx]),
  ]);
  const add = results[1];
  const addBefore = results[4];
  const checks = [
    { ok: results.every((r) => r.errors + r.non2xx === 0), text: `writes: ${results.reduce((n, r) => n + r.errors + r.non2xx, 0)} errors and non-2xx` },
  ];
  if (!postgresUrl) checks.push({ ok: add.rps >= ADD_SHARE * floorRps, text: `the add: ${(100 * add.rps / floorRps).toFixed(1)}% of the durable-upsert floor (>= ${100 * ADD_SHARE}%)` });
  const summary = `the add: ${Math.round(add.rps)} adds/s and ${round(add.cpuPer1000 * 1000, 0)} us CPU an add, ${base.commit}: ${Math.round(addBefore.rps)} adds/s and ${round(addBefore.cpuPer1000 * 1000, 0)} us; the floor ${Math.round(floorRps)} upserts/s`;
  const note = `${postgresUrl ? 'PostgreSQL 15' : 'SQLite'}; floor: SQLite, WAL, synchronous=FULL; interleaved rounds, medians; load average ${loadBefore.toFixed(2)} -> ${loadavg()[0].toFixed(2)}`;
  return { text: `${note}\n${text}\n${summary}`, checks };
}
