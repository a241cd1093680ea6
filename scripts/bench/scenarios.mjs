// What is measured: the dashboard's reads and the add-minutes write against the ceiling, the
// same reads as history and user count grow, and two processes sharing one PostgreSQL.
import { measure, measureTogether } from './load.mjs';
import { BENCH_PASSWORD, sessionCookie } from './seed.mjs';
import { round, table, utcToday } from './util.mjs';

const SKILL_FIELDS = ['listeningDailyMins', 'readingDailyMins', 'speakingDailyMins', 'writingDailyMins'];
/** Adds are spread over this many learners so no one reaches the 24-hour daily limit. */
const WRITERS = 997;

const lastOfMonth = (today) => {
  const [y, m] = today.split('-').map(Number);
  return `${today.slice(0, 7)}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** The reads of a dashboard load whose cost could grow with a learner's data (the calendar asks for its month only). */
export const dashboardReads = (today = utcToday()) => [
  { name: 'GET /api/auth/check', path: '/api/auth/check' },
  { name: 'GET /api/user/progress', path: '/api/user/progress' },
  { name: 'GET /api/user/daily-activity/all?from&to (a month)', path: `/api/user/daily-activity/all?from=${today.slice(0, 7)}-01&to=${lastOfMonth(today)}` },
  { name: 'GET /api/user/calendar/summary', path: `/api/user/calendar/summary?today=${today}` },
  { name: 'GET /api/user/calendar/month-total', path: `/api/user/calendar/month-total?today=${today}` },
  { name: 'GET /api/user/rest-days', path: '/api/user/rest-days' },
];

const readTarget = (baseUrl, read, cookie) => ({ ...read, baseUrl, headers: { cookie } });

/** Authenticated adds of 1 minute, a different learner (and skill) on each request; no Origin header. */
export function addMinutesTarget(baseUrl, writerPrefix) {
  let i = 0;
  const today = utcToday();
  return {
    name: 'POST /api/user/daily-activity',
    baseUrl,
    path: '/api/user/daily-activity',
    setupRequest: (request) => {
      i += 1;
      return {
        ...request,
        method: 'POST',
        path: '/api/user/daily-activity',
        headers: { 'content-type': 'application/json', cookie: sessionCookie(writerPrefix, 1 + (i % WRITERS)) },
        body: JSON.stringify({ date: today, [SKILL_FIELDS[i % SKILL_FIELDS.length]]: 1 }),
      };
    },
  };
}

/** Adds as addMinutesTarget sends them, each with a new Idempotency-Key (an add made offline and sent later). */
export function keyedAddTarget(baseUrl, prefix, label) {
  const plain = addMinutesTarget(baseUrl, prefix);
  const keyPrefix = `${process.pid}-${label.replace(/[^a-z0-9]/gi, '')}`;
  let k = 0;
  return {
    ...plain,
    name: `${label}POST /api/user/daily-activity, Idempotency-Key`,
    setupRequest: (request) => {
      k += 1;
      const next = plain.setupRequest(request);
      return { ...next, headers: { ...next.headers, 'idempotency-key': `bench-${keyPrefix}-${k}` } };
    },
  };
}

/** One request per target before loading it: a wrong seed or cookie fails loudly, not as a fast 401. */
export async function checkAnswers(baseUrl, reads, cookie) {
  for (const read of reads) {
    const response = await fetch(`${baseUrl}${read.path}`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`${read.name} answered ${response.status}: ${await response.text()}`);
  }
}

export async function measureMany(targets) {
  const results = [];
  for (const target of targets) results.push({ name: target.name, ...(await measure(target)) });
  return results;
}

/** The same reads for a 1-day and a 10-year account, alternating so drift in load hits both alike. */
export async function historyGrowth(baseUrl, shortCookie, longCookie) {
  const rows = [];
  for (const read of dashboardReads()) {
    const short1 = await measure(readTarget(baseUrl, read, shortCookie));
    const long1 = await measure(readTarget(baseUrl, read, longCookie));
    const short2 = await measure(readTarget(baseUrl, read, shortCookie));
    const long2 = await measure(readTarget(baseUrl, read, longCookie));
    const best = (a, b) => ({ ...(a.mean <= b.mean ? a : b), errors: a.errors + b.errors, non2xx: a.non2xx + b.non2xx });
    rows.push({ name: read.name, small: best(short1, short2), large: best(long1, long2) });
  }
  return rows;
}

export const readTargets = (baseUrl, cookie) => dashboardReads().map((read) => readTarget(baseUrl, read, cookie));

/** Signs in through the API (real scrypt, real rate limiter) and returns the session cookie. */
export async function signIn(baseUrl, email) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  const sid = response.headers.getSetCookie().find((c) => c.startsWith('__Host-sid='));
  return sid.split(';')[0];
}

/** A session made on one process must work on the other; then both are loaded at once. */
export async function scaleOut(first, second, email) {
  const cookie = await signIn(first.url, email);
  const onSecond = await fetch(`${second.url}/api/auth/check`, { headers: { cookie } });
  if (onSecond.status !== 200) throw new Error(`a session from process 1 answered ${onSecond.status} on process 2`);
  const progress = dashboardReads()[1];
  const single = await measure(readTarget(first.url, progress, cookie));
  const both = await measureTogether([first, second].map((s) => readTarget(s.url, progress, cookie)));
  return { name: progress.name, single, both };
}

export function resultTable(results, ceilingRps) {
  return table([
    ['', 'req/s', 'mean ms', 'p50 ms', 'p99 ms', 'of ceiling', 'KB/answer', 'errors', 'non-2xx'],
    ...results.map((r) => [
      r.name,
      Math.round(r.rps),
      round(r.mean, 2),
      r.p50,
      r.p99,
      `${Math.round((100 * r.rps) / ceilingRps)}%`,
      round(r.bytesPerRequest / 1024, 1),
      r.errors,
      r.non2xx,
    ]),
  ]);
}

export function growthTable(rows, smallLabel, largeLabel) {
  return table([
    ['', `${smallLabel} mean ms`, `${largeLabel} mean ms`, 'ratio', `${largeLabel} p99 ms`, 'KB/answer', 'errors+non-2xx'],
    ...rows.map((r) => [
      r.name,
      round(r.small.mean, 2),
      round(r.large.mean, 2),
      round(r.large.mean / r.small.mean, 2),
      r.large.p99,
      `${round(r.small.bytesPerRequest / 1024, 1)} -> ${round(r.large.bytesPerRequest / 1024, 1)}`,
      r.small.errors + r.small.non2xx + r.large.errors + r.large.non2xx,
    ]),
  ]);
}
