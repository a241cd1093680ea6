// Issue #43: what a personal access token costs. The same reads of one learner, with the session
// cookie and with `Authorization: Bearer`, measured in interleaved rounds (best of each) and
// printed side by side. A bearer call looks its token up (one indexed read, like the session's)
// and counts it in the database (the 120-a-minute limit every process shares), so the tokens are
// many and taken in turn: no token reaches its limit during the rounds. The cookie calls take as
// many sessions of the same learner in turn, so both credentials' lookups read rows spread alike
// over their tables (one session read again and again stays in the CPU's caches, 5,000 tokens do
// not); BENCH_ONE_SESSION=1 sends the one session instead, as the bench did before.
import { createHash, randomUUID } from 'node:crypto';
import { measure } from './load.mjs';
import { dashboardReads } from './scenarios.mjs';
import { round, sha256Hex, table } from './util.mjs';

export const TOKENS = 5_000;
export const secretOf = (n) => `lingualog_pat_${createHash('sha256').update(`bench-token-${n}`).digest('base64url')}`;
/** The session cookies the cookie rounds take in turn (the bench runs in production: __Host-sid). */
const sessionOf = (n) => `bench-session-${n}`;
export const benchSessionCookie = (n) => `__Host-sid=${sessionOf(n)}`;

/**
 * TOKENS read tokens of the learner `email`, written straight into the database (minting goes
 * through scrypt), and as many sessions of the same learner (seen now: none is written to during
 * the rounds, whose last-seen moves at most once an hour).
 */
export async function seedTokens(db, email) {
  const [{ id }] = await db.query('SELECT id FROM users WHERE email = ?', [email]);
  const now = Date.now();
  await db.query('BEGIN');
  for (let n = 0; n < TOKENS; n += 1) {
    await db.query('INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)', [sha256Hex(sessionOf(n)), id, now, now]);
    await db.query('INSERT INTO access_tokens (id, user_id, token_hash, name, scope, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, NULL)', [
      randomUUID(),
      id,
      sha256Hex(secretOf(n)),
      `bench ${n}`,
      'read',
      now,
    ]);
  }
  await db.query('COMMIT');
  // Fresh planner statistics, as seedLearners leaves them (a learner with 5,000 sessions misleads stale ones).
  await db.query('ANALYZE');
}

let bearerHeaders;

/**
 * The read `read` with a bearer token, the TOKENS in turn; `pid`: the server's, for its CPU per
 * request. The headers are made once, so the load generator (on the same cores) does no hashing
 * per request; the cookie's target (cookieTarget) builds each request the same way.
 */
export function bearerTarget(baseUrl, read, pid) {
  bearerHeaders ??= Array.from({ length: TOKENS }, (_, n) => ({ authorization: `Bearer ${secretOf(n)}` }));
  let i = 0;
  return {
    name: read.name,
    baseUrl,
    pid,
    path: read.path,
    setupRequest: (request) => {
      i += 1;
      return { ...request, headers: bearerHeaders[i % TOKENS] };
    },
  };
}

/**
 * The read `read` with the learner's TOKENS sessions in turn (`cookie` alone with
 * BENCH_ONE_SESSION=1), each request built by the load generator as the bearer target's are
 * (setupRequest), so both rounds ask the same of the generator and differ only in what the server does.
 */
export function cookieTarget(baseUrl, read, pid, cookie) {
  const all = process.env.BENCH_ONE_SESSION === '1' ? [{ cookie }] : Array.from({ length: TOKENS }, (_, n) => ({ cookie: benchSessionCookie(n) }));
  let i = 0;
  return {
    name: read.name,
    baseUrl,
    pid,
    path: read.path,
    setupRequest: (request) => {
      i += 1;
      return { ...request, headers: all[i % all.length] };
    },
  };
}

/**
 * The section's text: per read, cookie and bearer means and p99s, their req/s and its ratio, the
 * server's CPU per request in each best round, and every failure. `pid`: the server's process.
 */
export async function tokenSection({ url, cookie, pid }) {
  const reads = dashboardReads().filter((read) => read.path.startsWith('/api/user/'));
  const rows = [];
  for (const read of reads) {
    const runs = [];
    for (let round = 0; round < 2; round += 1) runs.push(await measure(cookieTarget(url, read, pid, cookie)), await measure(bearerTarget(url, read, pid)));
    const best = (a, b) => ({ ...(a.mean <= b.mean ? a : b), failures: a.errors + a.non2xx + b.errors + b.non2xx });
    rows.push({ name: read.name, cookie: best(runs[0], runs[2]), bearer: best(runs[1], runs[3]) });
  }
  const text = table([
    ['', 'cookie mean ms', 'bearer mean ms', 'cookie p99 ms', 'bearer p99 ms', 'cookie req/s', 'bearer req/s', 'bearer/cookie req/s', 'CPU us/req cookie', 'CPU us/req bearer', 'errors+non-2xx'],
    ...rows.map((r) => [
      r.name,
      round(r.cookie.mean, 2),
      round(r.bearer.mean, 2),
      r.cookie.p99,
      r.bearer.p99,
      Math.round(r.cookie.rps),
      Math.round(r.bearer.rps),
      round(r.bearer.rps / r.cookie.rps, 2),
      r.cookie.cpuUsPerRequest === undefined ? '-' : Math.round(r.cookie.cpuUsPerRequest),
      r.bearer.cpuUsPerRequest === undefined ? '-' : Math.round(r.bearer.cpuUsPerRequest),
      r.cookie.failures + r.bearer.failures,
    ]),
  ]);
  // One line a script can read, to take the median of several runs.
  const figures = rows.map((r) => ({ name: r.name, cookieRps: r.cookie.rps, bearerRps: r.bearer.rps, cookieCpuUs: r.cookie.cpuUsPerRequest, bearerCpuUs: r.bearer.cpuUsPerRequest, cookieP99: r.cookie.p99, bearerP99: r.bearer.p99 }));
  return { text: `${text}\nfigures ${JSON.stringify(figures)}`, failures: rows.reduce((n, r) => n + r.cookie.failures + r.bearer.failures, 0) };
}
