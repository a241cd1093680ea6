// Issue #40: what every request pays for, beside an earlier build. `--api-compare` starts this
// checkout's server and an earlier commit's (BENCH_API_BASE, dfc6346 by default: the build before
// the per-request hooks #40 measured), each on its own SQLite database seeded alike, and measures
// the same calls on both in interleaved rounds (base, this, base, this...), with each server's CPU
// per request read from /proc/<pid>/stat over its round. The earlier commit's files come from
// `git archive` into a temp directory (the repository is left untouched) and share node_modules.
// BENCH_API_ROOT=<dir> measures another checkout's server as "this build" (e.g. the commit before a
// change, `git archive`d with this node_modules linked in), to take the figure before it;
// BENCH_API_ALSO=<dir> adds that checkout's server to the same interleaved runs (before and after a
// change, each beside the base, in one run).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { linkModules } from './baseBuild.mjs';
import { REPO_ROOT, onCleanup, startNodeServer } from './processes.mjs';
import { benchPasswordHash, openDatabase, seedLearners, sessionCookie } from './seed.mjs';
import { round, table, utcToday } from './util.mjs';

export const API_COMPARE_RUNS = Number(process.env.BENCH_API_RUNS ?? 5);

/** The calls #40 named: the session check and the dashboard's progress read. */
const calls = (cookie) => [
  { name: 'GET /api/auth/check', path: '/api/auth/check', headers: { cookie } },
  { name: 'GET /api/user/progress', path: '/api/user/progress', headers: { cookie } },
];

/** `ref`'s files in a temp directory (removed at cleanup), with this checkout's node_modules and SQLite driver. */
export function checkoutOf(ref) {
  const commit = execFileSync('git', ['rev-parse', '--short', `${ref}^{commit}`], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  const dir = mkdtempSync(join(tmpdir(), 'tracker-bench-api-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const archive = spawnSync('git', ['archive', '--format=tar', commit], { cwd: REPO_ROOT, maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive ${commit}: ${archive.stderr}`);
  const untar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`tar: ${untar.stderr}`);
  linkModules(dir);
  return { dir, commit };
}

/** The CPU time (user + system) a process has used, in ms, from /proc/<pid>/stat. */
function cpuMs(pid) {
  const stat = execFileSync('cat', [`/proc/${pid}/stat`], { encoding: 'utf8' });
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

async function seededServer(name, cwd) {
  const dir = mkdtempSync(join(tmpdir(), 'tracker-bench-api-db-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const databaseUrl = `sqlite:${join(dir, 'bench.db')}`;
  const server = await startNodeServer(name, 'server/src/server.ts', {
    cwd,
    // As the main bench runs it: production's log level, its request logs to /dev/null (processes.mjs).
    env: { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost', VAPID_SUBJECT: 'mailto:bench@lingualog.invalid', DATABASE_URL: databaseUrl, SERVE_SPA: '' },
    readyPath: '/api/languages',
  });
  const db = await openDatabase(databaseUrl);
  try {
    await seedLearners(db, { prefix: 'learner', first: 1, last: 8, languages: ['Spanish'], days: 90, passwordHash: await benchPasswordHash(), today: utcToday() });
  } finally {
    await db.close();
  }
  return server;
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

/** A 1 s warm-up, then one round of SECONDS with 10 connections: req/s, failures, and the server's CPU µs per request over the round. */
async function round1(server, call) {
  const hit = (duration) => autocannon({ url: `${server.url}${call.path}`, headers: call.headers, connections: 10, duration });
  await hit(1);
  const before = cpuMs(server.pid);
  const result = await hit(SECONDS);
  const cpu = cpuMs(server.pid) - before;
  return { rps: result.requests.average, cpuUs: (cpu * 1000) / Math.max(1, result.requests.total), failures: result.errors + result.timeouts + result.non2xx };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The section: per call, each build's req/s per run, their medians, the ratio and the CPU per request. */
export async function apiCompareSection(ref = process.env.BENCH_API_BASE ?? 'dfc6346') {
  const base = checkoutOf(ref);
  const also = process.env.BENCH_API_ALSO;
  const servers = [
    { label: `${base.commit} (${ref})`, server: await seededServer(`app ${base.commit}`, base.dir) },
    ...(also ? [{ label: also, server: await seededServer('app also', also) }] : []),
    { label: 'this build', server: await seededServer('app', process.env.BENCH_API_ROOT ?? REPO_ROOT) },
  ];
  const cookie = sessionCookie('learner', 1);
  for (const { label, server } of servers) {
    for (const call of calls(cookie)) {
      const response = await fetch(`${server.url}${call.path}`, { headers: call.headers });
      if (response.status !== 200) throw new Error(`${label} ${call.name} answered ${response.status}`);
    }
  }
  const rows = [];
  let failures = 0;
  for (const call of calls(cookie)) {
    const runs = servers.map(() => ({ rps: [], cpu: [] }));
    for (let run = 0; run < API_COMPARE_RUNS; run += 1) {
      for (const [i, { server }] of servers.entries()) {
        const result = await round1(server, call);
        runs[i].rps.push(result.rps);
        runs[i].cpu.push(result.cpuUs);
        failures += result.failures;
      }
    }
    const figures = runs.map((r) => ({ rps: median(r.rps), cpu: median(r.cpu), all: r.rps.map(Math.round).join(', ') }));
    const [was, now] = [figures[0], figures.at(-1)];
    rows.push({ name: call.name, was, now, ratio: now.rps / was.rps, others: figures.slice(1, -1) });
  }
  const text = table([
    ['', `${servers[0].label} req/s (median)`, 'this build req/s (median)', 'this / base', 'base CPU µs/req', 'this CPU µs/req', 'base runs', 'this runs'],
    ...rows.map((r) => [r.name, Math.round(r.was.rps), Math.round(r.now.rps), round(r.ratio, 2), Math.round(r.was.cpu), Math.round(r.now.cpu), r.was.all, r.now.all]),
    ...rows.flatMap((r) =>
      r.others.map((o) => [`${r.name} (${also})`, Math.round(r.was.rps), Math.round(o.rps), round(o.rps / r.was.rps, 2), Math.round(r.was.cpu), Math.round(o.cpu), r.was.all, o.all]),
    ),
  ]);
  return { text, rows, failures, base: servers[0].label };
}
