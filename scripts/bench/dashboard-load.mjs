// Issue #45, "the server's render off the event loop": a bystander's GET /api/auth/check (a steady
// BYSTANDER_RATE requests/s on 10 connections) alone, then beside DASHBOARD_CONNECTIONS concurrent
// /dashboard loads (half the 1-month learner's, half the 10-year learner's, each page asked for
// again as soon as it arrived), in ROUNDS interleaved rounds per server (this build, and the
// earlier one when --paint compares); medians of the rounds. A dashboard page is a server render of
// the first screen (16–32 ms of the event loop before #45) unless the server gives a kept one.
import autocannon from 'autocannon';
import { loadavg } from 'node:os';
import { round, table } from './util.mjs';

const ROUNDS = Number(process.env.BENCH_PAINT_LOAD_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_PAINT_LOAD_SECONDS ?? 5);
const DASHBOARD_CONNECTIONS = 50;
const BYSTANDER_RATE = 200;
export const P99_TARGET_MS = 50;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const run = (url, cookie, options) => autocannon({ url, headers: { cookie }, duration: SECONDS, ...options });
const bystander = (origin, cookie) => run(`${origin}/api/auth/check`, cookie, { connections: 10, overallRate: BYSTANDER_RATE });
const failures = (result) => result.errors + result.timeouts + result.non2xx;

/**
 * `servers`: [{ label, origin }]; `learners`: the two dashboards' cookies (with the tz cookie, so
 * the server draws the day's figures); `bystanderCookie`: the bystander's session.
 */
export async function bystanderBesideDashboards(servers, { learners, bystanderCookie }, log = console.log) {
  const rounds = servers.map(() => []);
  for (let r = 1; r <= ROUNDS; r += 1) {
    for (const [i, server] of servers.entries()) {
      const alone = await bystander(server.origin, bystanderCookie);
      const connections = Math.ceil(DASHBOARD_CONNECTIONS / learners.length);
      const [beside, ...dashboards] = await Promise.all([
        bystander(server.origin, bystanderCookie),
        ...learners.map((cookie) => run(`${server.origin}/dashboard`, cookie, { connections })),
      ]);
      rounds[i].push({ alone, beside, dashboards });
    }
    log(`round ${r}/${ROUNDS} (load ${loadavg()[0].toFixed(2)})`);
  }
  const rows = [
    [
      `bystander's GET /api/auth/check (${BYSTANDER_RATE}/s) beside ${DASHBOARD_CONNECTIONS} concurrent /dashboard loads`,
      'p50 alone',
      'p99 alone',
      'p50 beside',
      'p99 beside',
      'dashboard pages/s',
      'dashboard p99',
      'failed',
    ],
  ];
  const checks = [];
  for (const [i, server] of servers.entries()) {
    const m = (pick) => median(rounds[i].map(pick));
    const p99 = m((x) => x.beside.latency.p99);
    const failed = rounds[i].reduce((n, x) => n + failures(x.alone) + failures(x.beside) + x.dashboards.reduce((d, y) => d + failures(y), 0), 0);
    rows.push([
      server.label,
      `${m((x) => x.alone.latency.p50)} ms`,
      `${m((x) => x.alone.latency.p99)} ms`,
      `${m((x) => x.beside.latency.p50)} ms`,
      `${p99} ms`,
      round(m((x) => x.dashboards.reduce((sum, y) => sum + y.requests.average, 0)), 1),
      `${m((x) => Math.max(...x.dashboards.map((y) => y.latency.p99)))} ms`,
      failed,
    ]);
    if (server.reference) continue;
    checks.push({ ok: p99 < P99_TARGET_MS, text: `${server.label}: the bystander's p99 ${p99} ms beside ${DASHBOARD_CONNECTIONS} dashboard loads (median of ${ROUNDS} rounds; < ${P99_TARGET_MS} ms)` });
    checks.push({ ok: failed === 0, text: `${server.label}: failed requests of the bystander and the dashboards: ${failed}` });
  }
  return { text: table(rows), checks };
}
