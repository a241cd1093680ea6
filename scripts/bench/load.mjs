// Load generation with autocannon's programmatic API. Each figure is the best of a few short
// rounds after a warm-up: on a shared 2-core machine a neighbour's burst only ever makes a round
// slower, so the best round is the closest to what the server itself can do.
import autocannon from 'autocannon';
import { cpuSeconds } from './cpu.mjs';

const CONNECTIONS = 10;
const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

async function once(target, seconds) {
  // target.pid: the serving process's CPU time over the round (/proc/<pid>/stat), per request.
  const cpuBefore = target.pid ? cpuSeconds(target.pid) : 0;
  const result = await autocannon({
    url: `${target.baseUrl}${target.path}`,
    method: target.method ?? 'GET',
    headers: target.headers ?? {},
    body: target.body,
    requests: target.setupRequest ? [{ setupRequest: target.setupRequest }] : undefined,
    connections: target.connections ?? CONNECTIONS,
    duration: seconds,
  });
  return {
    rps: result.requests.average,
    // The mean has sub-millisecond resolution; the percentiles are whole milliseconds.
    mean: result.latency.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Failures are counted over every round, the warm-up included: one bad answer is one too many.
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerRequest: result.requests.total ? result.throughput.total / result.requests.total : 0,
    cpuUsPerRequest: target.pid ? (1e6 * (cpuSeconds(target.pid) - cpuBefore)) / Math.max(1, result.requests.total) : undefined,
  };
}

/** Warm-up, then ROUNDS rounds; returns the best round with the failures of all of them. */
export async function measure(target) {
  const runs = [await once(target, 1)];
  for (let i = 0; i < ROUNDS; i += 1) runs.push(await once(target, ROUND_SECONDS));
  const best = runs.slice(1).reduce((a, b) => (b.rps > a.rps ? b : a));
  return {
    ...best,
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

/** Several targets loaded at the same time (one autocannon each), e.g. two server processes. */
export async function measureTogether(targets) {
  await Promise.all(targets.map((t) => once(t, 1)));
  const runs = await Promise.all(targets.map((t) => once(t, ROUND_SECONDS * ROUNDS)));
  return {
    rps: runs.reduce((sum, r) => sum + r.rps, 0),
    mean: Math.max(...runs.map((r) => r.mean)),
    p50: Math.max(...runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    bytesPerRequest: runs[0].bytesPerRequest,
  };
}
