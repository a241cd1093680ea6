// `node scripts/bench/start-time.mjs [runs]`: how long a production start takes, the built JavaScript
// (`node dist/server/server.js`, what `npm run start:prod` and the systemd unit run) beside the
// TypeScript sources through tsx (`node --import tsx server/src/server.ts`, for comparison).
//
// Method: each run spawns Node itself (no npm wrapper) with NODE_ENV=production on a fresh SQLite
// database of its own (so the migrations run, as at a site's first start) and the built SPA, then asks
// GET /api/health every 5 ms; the start time is from the spawn until the first 200. Then one
// GET /api/languages (a database read through the routes, never asked before) is timed: the first
// request's latency. The two ways alternate run by run (5 each by default), and the medians are printed.
// Needs `npm run build` first.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT, freePort, stopChild } from './processes.mjs';

const RUNS = Number(process.argv[2] ?? 5);
const WAYS = [
  { name: 'built JavaScript', args: ['dist/server/server.js'] },
  { name: 'tsx (TypeScript sources)', args: ['--import', 'tsx', 'server/src/server.ts'] },
];

if (!existsSync(join(REPO_ROOT, 'dist/server/server.js'))) {
  console.error('dist/server/server.js is missing: run `npm run build` first.');
  process.exit(1);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function once(way) {
  const dir = mkdtempSync(join(tmpdir(), 'start-time-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, way.args, {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${join(dir, 'start.db')}`, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${way.name} exited (code ${child.exitCode})`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        // Not listening yet.
      }
      if (performance.now() - started > 60_000) throw new Error(`${way.name} did not answer within 60 s`);
      await sleep(5);
    }
    const start = performance.now() - started;
    const asked = performance.now();
    const res = await fetch(`${url}/api/languages`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`/api/languages answered ${res.status}`);
    return { start, first: performance.now() - asked };
  } finally {
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const results = new Map(WAYS.map((way) => [way.name, []]));
console.log(`Production start, Node ${process.version}: spawn until /api/health answers, then the first /api/languages; ${RUNS} alternating runs each`);
for (let run = 0; run < RUNS; run += 1) {
  // Alternate which way goes first, so neither always follows the other.
  for (const way of run % 2 ? [...WAYS].reverse() : WAYS) {
    const r = await once(way);
    results.get(way.name).push(r);
    console.log(`  run ${run + 1} ${way.name}: start ${r.start.toFixed(0)} ms, first request ${r.first.toFixed(1)} ms`);
  }
}
for (const [name, rs] of results) {
  const starts = rs.map((r) => r.start);
  const firsts = rs.map((r) => r.first);
  console.log(
    `${name}: start median ${median(starts).toFixed(0)} ms (${Math.min(...starts).toFixed(0)}-${Math.max(...starts).toFixed(0)}), ` +
      `first request median ${median(firsts).toFixed(1)} ms (${Math.min(...firsts).toFixed(1)}-${Math.max(...firsts).toFixed(1)})`,
  );
}
