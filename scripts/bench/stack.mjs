// Issue #10: each dashboard read and write against floors of the same stack (scripts/bench/floor.mjs),
// side by side in one run. Rounds are interleaved (every target once per round, in turn), so a
// neighbour's burst hits all targets alike; each figure is the median over the rounds. For each
// round the serving process's CPU time (/proc/<pid>/stat) is read before and after the load.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { cpuSeconds } from './cpu.mjs';
import { onCleanup, startNodeServer } from './processes.mjs';
import { addMinutesTarget, keyedAddTarget } from './scenarios.mjs';
import { sessionCookie } from './seed.mjs';
import { round, table, utcToday } from './util.mjs';

const CONNECTIONS = 10;
const ROUNDS = Number(process.env.BENCH_STACK_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.BENCH_STACK_SECONDS ?? 2);
/** Issue #54: an add's throughput at least this share of the durable-upsert floor's, in the same run. */
const ADD_SHARE = 0.15;

/** Writes are spread over this many learners (and floor rows), as in scenarios.mjs. */
const WRITERS = 997;
const SHARE = 0.5;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const monthEnd = (iso) => new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), 0)).toISOString().slice(0, 10);

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** Starts the floor process; its database is a file in a fresh directory of the same temp disk. */
export async function startFloor(env = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'tracker-floor-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return startNodeServer('floor', 'scripts/bench/floor.mjs', { env: { ...env, FLOOR_DB: join(dir, 'floor.db') }, readyPath: '/hello' });
}

/** Edits of a past day (yesterday, which every seeded learner has), a different learner and value each time. */
export function editTarget(baseUrl, writerPrefix) {
  let i = 0;
  const date = yesterday();
  return {
    path: '/api/user/daily-activity',
    baseUrl,
    setupRequest: (request) => {
      i += 1;
      const m = i % 60;
      return {
        ...request,
        method: 'PATCH',
        path: '/api/user/daily-activity',
        headers: { 'content-type': 'application/json', cookie: sessionCookie(writerPrefix, 1 + (i % WRITERS)) },
        body: JSON.stringify({ date, isToday: false, listeningDailyMins: m, readingDailyMins: 60 - m, speakingDailyMins: 5, writingDailyMins: 0 }),
      };
    },
  };
}

export function floorWriteTarget(baseUrl) {
  let i = 0;
  return {
    name: 'write floor: bare + 1 transaction (WAL, sync=FULL)',
    path: '/floor/write',
    baseUrl,
    setupRequest: (request) => {
      i += 1;
      return { ...request, method: 'POST', path: '/floor/write', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: 1 + (i % WRITERS), minutes: 1 }) };
    },
  };
}

/** The targets of the section: floors on `floor`, the dashboard's calls on `app`. */
export function stackTargets({ floor, app, cookie, writerPrefix, extraApps = [], compare }) {
  const today = utcToday();
  const read = (name, path, server = app) => ({ kind: 'read', name, path, baseUrl: server.url, pid: server.pid, headers: { cookie } });
  const appCalls = (server, label = '') => [
    read(`${label}GET /api/auth/check`, '/api/auth/check', server),
    read(`${label}GET /api/user/progress`, '/api/user/progress', server),
    read(`${label}GET /api/user/daily-activity?date=`, `/api/user/daily-activity?date=${yesterday()}`, server),
    read(`${label}GET /api/user/calendar/month-total`, `/api/user/calendar/month-total?today=${today}`, server),
    // Issue #29: the two reads the dashboard added, on every load and after every add.
    read(`${label}GET /api/user/calendar/summary`, `/api/user/calendar/summary?today=${today}`, server),
    read(`${label}GET /api/user/daily-activity/all?from&to (a month)`, `/api/user/daily-activity/all?from=${today.slice(0, 8)}01&to=${monthEnd(today)}`, server),
  ];
  const writes = (server, label = '') => [
    { ...addMinutesTarget(server.url, writerPrefix), name: `${label}POST /api/user/daily-activity (add)`, kind: 'write', pid: server.pid },
    { ...keyedAddTarget(server.url, writerPrefix, label), kind: 'write', pid: server.pid },
    { ...editTarget(server.url, writerPrefix), name: `${label}PATCH /api/user/daily-activity (edit)`, kind: 'write', pid: server.pid },
  ];
  const before = compare ? [...appCalls(compare, 'before: '), ...writes(compare, 'before: ')].map((t) => ({ ...t, kind: `${t.kind}Before` })) : [];
  return [
    { kind: 'bare', name: 'bare Fastify GET /hello', path: '/hello', baseUrl: floor.url, pid: floor.pid },
    { kind: 'floor', name: 'read floor: bare + sid cookie + SHA-256 + 1 lookup', path: '/floor/read', baseUrl: floor.url, pid: floor.pid, headers: { cookie: 'sid=floor-1' } },
    ...appCalls(app),
    ...extraApps.map(({ name, server }) => ({ ...read(`GET /api/auth/check, ${name}`, '/api/auth/check', server), kind: 'info' })),
    { ...floorWriteTarget(floor.url), kind: 'writeFloor', pid: floor.pid },
    ...writes(app),
    ...before,
  ];
}

/** One load of `seconds` on one target, with the serving process's CPU seconds over it. */
export async function loadOnce(target, seconds) {
  const cpuBefore = cpuSeconds(target.pid);
  const result = await autocannon({
    url: `${target.baseUrl}${target.path}`,
    headers: target.headers ?? {},
    requests: target.setupRequest ? [{ setupRequest: target.setupRequest }] : undefined,
    connections: CONNECTIONS,
    duration: seconds,
  });
  const cpu = cpuSeconds(target.pid) - cpuBefore;
  const requests = result.requests.total;
  return { rps: requests / seconds, requests, cpu, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

/** A warm-up of each target, then ROUNDS interleaved rounds; medians per target. */
export async function measureInterleaved(targets, { rounds = ROUNDS, seconds = ROUND_SECONDS } = {}) {
  const runs = targets.map(() => []);
  for (const target of targets) runs[targets.indexOf(target)].push({ ...(await loadOnce(target, 1)), warmUp: true });
  for (let r = 0; r < rounds; r += 1) {
    for (const [i, target] of targets.entries()) runs[i].push(await loadOnce(target, seconds));
  }
  return targets.map((target, i) => {
    const measured = runs[i].filter((run) => !run.warmUp);
    return {
      ...target,
      rps: median(measured.map((run) => run.rps)),
      minRps: Math.min(...measured.map((run) => run.rps)),
      maxRps: Math.max(...measured.map((run) => run.rps)),
      cpuPer1000: median(measured.map((run) => (1000 * run.cpu) / Math.max(1, run.requests))),
      errors: runs[i].reduce((n, run) => n + run.errors, 0),
      non2xx: runs[i].reduce((n, run) => n + run.non2xx, 0),
    };
  });
}

/** Runs the section; returns the printed table and the target checks. */
export async function stackSection(options) {
  const loadBefore = loadavg()[0];
  const results = await measureInterleaved(stackTargets(options));
  const bare = results.find((r) => r.kind === 'bare');
  const writeFloor = results.find((r) => r.kind === 'writeFloor');
  const againstWriteFloor = (r) => r.kind.startsWith('write') && r.kind !== 'writeFloor';
  const shareOf = (r) => (againstWriteFloor(r) ? r.rps / writeFloor.rps : r.rps / bare.rps);
  const text = table([
    ['', 'req/s (median)', 'min-max', 'share', 'of', 'CPU s/1000 req', 'errors', 'non-2xx'],
    ...results.map((r) => [
      r.name,
      Math.round(r.rps),
      `${Math.round(r.minRps)}-${Math.round(r.maxRps)}`,
      `${Math.round(100 * shareOf(r))}%`,
      againstWriteFloor(r) ? 'write floor' : 'bare',
      round(r.cpuPer1000, 3),
      r.errors,
      r.non2xx,
    ]),
  ]);
  const checks = [
    ...results.filter((r) => r.kind === 'read').map((r) => ({ ok: shareOf(r) >= SHARE, text: `${r.name}: ${Math.round(100 * shareOf(r))}% of the bare route (>= 50%)` })),
    ...results.filter((r) => r.kind === 'write').map((r) => ({ ok: shareOf(r) >= SHARE, text: `${r.name}: ${Math.round(100 * shareOf(r))}% of the write floor (>= 50%)` })),
    { ok: results.every((r) => r.errors + r.non2xx === 0), text: `floors and dashboard calls: ${results.reduce((n, r) => n + r.errors + r.non2xx, 0)} errors and non-2xx` },
  ];
  // Issue #54: the add beside the durable-upsert floor of the same run, in one line.
  const add = results.find((r) => r.kind === 'write' && r.name.endsWith('(add)'));
  const addShare = add && writeFloor ? add.rps / writeFloor.rps : 0;
  const addLine = add && writeFloor
    ? `adds: ${Math.round(add.rps)} adds/s beside the durable-upsert floor's ${Math.round(writeFloor.rps)} upserts/s (WAL, synchronous=FULL): ${(100 * addShare).toFixed(1)}% of the floor (target >= ${100 * ADD_SHARE}%)`
    : '';
  if (add && writeFloor) checks.push({ ok: addShare >= ADD_SHARE, text: `the add: ${(100 * addShare).toFixed(1)}% of the durable-upsert floor (>= ${100 * ADD_SHARE}%)` });
  const note = `${ROUNDS} interleaved rounds of ${ROUND_SECONDS} s, ${CONNECTIONS} connections; load average ${loadBefore.toFixed(2)} -> ${loadavg()[0].toFixed(2)}`;
  return { results, text: `${note}\n${text}${addLine && `\n${addLine}`}`, checks };
}
