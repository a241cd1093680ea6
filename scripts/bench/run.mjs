// `npm run bench [-- --postgres] [-- --no-lighthouse] [-- --history | --insights | --paint | --offline | --heavy | --tokens | --reminders | --api-compare | --writes]`: the
// performance benchmark described in docs/PERFORMANCE.md. Starts everything it needs, prints the
// figures, stops everything by PID, and gives up (cleaning up) after a fixed time limit. Exit code 1
// when a target is missed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiCompareSection } from './apiCompare.mjs';
import { baseRef, buildBase } from './baseBuild.mjs';
import * as h from './history.mjs';
import { HEAVY_LEARNERS, heavySection } from './heavy.mjs';
import * as paint from './dashboard-paint.mjs';
import { CPU_SLOWDOWN } from './lighthouse.mjs';
import { bystanderBesideDashboards } from './dashboard-load.mjs';
import { TRIALS, reconnectSummary, reconnectTrials } from './offline.mjs';
import { queryPlans } from './plans.mjs';
import { startPostgres } from './postgres.mjs';
import { REPO_ROOT, SERVER_SCRIPT, cleanupAll, isStopping, onCleanup, startNodeServer } from './processes.mjs';
import * as s from './scenarios.mjs';
import { stackSection, startFloor } from './stack.mjs';
import { seedTokens, tokenSection } from './tokens.mjs';
import { writesSection } from './writes.mjs';
import { benchPasswordHash, openDatabase, seedLearners, sessionCookie } from './seed.mjs';
import { readAfterHistoryMoved, seedDailyGoalChanges, statsGrowth } from './stats.mjs';
import { round, table, utcToday } from './util.mjs';

const args = new Set(process.argv.slice(2));
const POSTGRES = args.has('--postgres');
// --history: only the years-of-history part (issue #9): growth per read, API bytes in a browser, the hostile account.
const HISTORY_ONLY = args.has('--history');
// --insights: only the Insights part (issue #13): the three learners it compares and /api/user/stats, API only (no SPA build).
const INSIGHTS_ONLY = args.has('--insights');
// --paint: only the dashboard's first paint on a phone (issue #18): request round trips and Lighthouse rounds
// (with --no-lighthouse: the round trips alone).
const PAINT_ONLY = args.has('--paint');
// --offline: only the randomized reconnect trials of the offline outbox (issue #25), in Chromium.
const OFFLINE_ONLY = args.has('--offline');
// --heavy: only a bystander's latency while other learners import 5 MiB files and read wide stats (issue #30), API only.
const HEAVY_ONLY = args.has('--heavy');
// --tokens: only a bearer read beside a cookie read of the same calls (issue #43), API only.
const TOKENS_ONLY = args.has('--tokens');
// --reminders: only the daily reminder's minute tick (issue #42), in-process: 100,000 learners none due, then 10,000 due at once.
const REMINDERS_ONLY = args.has('--reminders');
// --api-compare: only the session check and /progress beside an earlier commit's server (issue #40; BENCH_API_BASE, dfc6346 by default), SQLite.
const API_COMPARE_ONLY = args.has('--api-compare');
// --writes: only the add, the keyed add and the edit beside the durable-upsert floor and beside an earlier commit's server
// (issue #54; BENCH_WRITE_BASE, 531f070 by default); with --postgres, on PostgreSQL.
const WRITES_ONLY = args.has('--writes');
const LIGHTHOUSE = !args.has('--no-lighthouse') && !HISTORY_ONLY && !INSIGHTS_ONLY && !OFFLINE_ONLY && !HEAVY_ONLY && !TOKENS_ONLY && !REMINDERS_ONLY && !API_COMPARE_ONLY && !WRITES_ONLY;
// --paint's Lighthouse rounds hold each dashboard of an earlier commit too (issue #32; BENCH_PAINT_BASE,
// HEAD~1 by default; --no-compare: this build alone). SQLite only: both builds get a database alike.
// BENCH_PAINT_BASE may name several commits, comma-separated (issue #54: 4903471,531f070).
const BASE_REF = PAINT_ONLY && LIGHTHOUSE && !POSTGRES ? baseRef(args) : null;
const BASE_REFS = BASE_REF ? BASE_REF.split(',').map((ref) => ref.trim()).filter(Boolean) : [];
// The full run with Lighthouse holds 15 Lighthouse runs (issue #18, about 4 minutes on 2 cores): it gets 15 minutes;
// --paint with the earlier build, its build and 25 runs: 20 minutes; --offline's 100 trials (about 12 s each): 40.
const TIME_LIMIT_MS = Number(process.env.BENCH_TIME_LIMIT_S ?? (OFFLINE_ONLY ? 2400 : BASE_REF ? 600 + 600 * BASE_REFS.length : LIGHTHOUSE && !PAINT_ONLY ? 900 : 570)) * 1000;
const BULK_USERS = 100_000;
const targets = { ceilingShare: 0.5, growthRatio: 1.2, hostileP99Ms: 50 };

const misses = [];
const check = (ok, text) => {
  console.log(`${ok ? 'PASS' : 'MISS'}  ${text}`);
  if (!ok) misses.push(text);
};
const heading = (text) => console.log(`\n== ${text} (${new Date().toISOString().slice(11, 19)}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);

async function startDatabase() {
  if (POSTGRES) return (await startPostgres()).url;
  const dir = mkdtempSync(join(tmpdir(), 'tracker-bench-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return `sqlite:${join(dir, 'bench.db')}`;
}

async function main() {
  heading(`LinguaLog benchmark on ${POSTGRES ? 'PostgreSQL 15' : 'SQLite'}, Node ${process.version}`);
  const apiOnly = INSIGHTS_ONLY || HEAVY_ONLY || TOKENS_ONLY || REMINDERS_ONLY || API_COMPARE_ONLY || WRITES_ONLY;
  // The SPA and the server's build, or the server's alone for the API-only runs.
  if (spawnSync(process.execPath, ['scripts/ensure-build.mjs', ...(apiOnly ? ['--server'] : [])], { cwd: REPO_ROOT, stdio: 'inherit' }).status !== 0) {
    throw new Error('the build failed');
  }
  const databaseUrl = await startDatabase();
  const serverEnv = { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost', VAPID_SUBJECT: 'mailto:bench@lingualog.invalid', DATABASE_URL: databaseUrl, SERVE_SPA: apiOnly ? '' : join(REPO_ROOT, 'dist') };
  if (PAINT_ONLY) return paintOnly(databaseUrl, serverEnv);
  if (OFFLINE_ONLY) return offlineOnly(databaseUrl);
  if (HEAVY_ONLY) return heavyOnly(databaseUrl, serverEnv);
  if (TOKENS_ONLY) return tokensOnly(databaseUrl, serverEnv);
  if (API_COMPARE_ONLY) return apiCompareOnly();
  if (WRITES_ONLY) return writesOnly(databaseUrl);
  if (REMINDERS_ONLY) return remindersOnly(databaseUrl);
  const ceiling = INSIGHTS_ONLY ? null : await startNodeServer('ceiling', 'scripts/bench/ceiling.mjs', { readyPath: '/ok' });
  const app = await startNodeServer('app', SERVER_SCRIPT, { env: serverEnv, readyPath: '/api/languages' });
  console.log(`ceiling pid ${ceiling?.pid ?? '-'}, server pid ${app.pid}, database ${databaseUrl.replace(/:\/\/[^@]*@/, '://')}`);

  const db = await openDatabase(databaseUrl);
  onCleanup(() => db.close());
  const passwordHash = await benchPasswordHash();
  const today = utcToday();
  const seed = (prefix, count, days, languages = ['Spanish']) =>
    seedLearners(db, { prefix, first: 1, last: count, languages, days, passwordHash, today });
  if (INSIGHTS_ONLY) {
    await seed('month', 1, 30);
    await seed('long', 1, 3650, ['Spanish', 'French']);
    await insightsSection(app, db, today, seed);
    return;
  }
  await seed('learner', 8, 90);
  await seed('month', 1, 30);
  await seed('long', 1, 3650, ['Spanish', 'French']);
  const typical = sessionCookie('learner', 1);
  for (const prefix of ['learner', 'month', 'long']) await s.checkAnswers(app.url, s.dashboardReads(), sessionCookie(prefix, 1));
  const [{ total }] = await db.query(
    "SELECT sum(listening + reading + speaking + writing) AS total FROM daily_activity d JOIN users u ON u.id = d.user_id WHERE u.email = 'long-1@example.test' AND d.language = 'Spanish'",
  );
  const progress = await (await fetch(`${app.url}/api/user/progress`, { headers: { cookie: sessionCookie('long', 1) } })).json();
  check(progress.totalOverallMins === Number(total), `10-year account: /progress total ${progress.totalOverallMins} = database sum ${total}`);

  heading('Growth of history: server time of each dashboard read, 1 month vs 10 years (3,650 days in each of two languages), 10 users');
  const history = await s.historyGrowth(app.url, sessionCookie('month', 1), sessionCookie('long', 1));
  console.log(s.growthTable(history, '1 month', '10 years'));
  for (const r of history) check(r.large.mean / r.small.mean <= targets.growthRatio, `10-year history, ${r.name}: latency x${round(r.large.mean / r.small.mean, 2)} (<= 1.2)`);
  await historyBytesAndHostile(app, db, today);
  if (HISTORY_ONLY) return;
  await insightsSection(app, db, today, seed);

  heading('Same reads for a 90-day learner with 10 users in the database (baseline for the 100,000-user run)');
  const fewUsers = await s.measureMany(s.readTargets(app.url, typical));

  heading(`Seeding ${BULK_USERS - 10} more learners (20 days each)`);
  const started = Date.now();
  await seed('bulk', BULK_USERS - 10, 20);
  console.log(`seeded in ${round((Date.now() - started) / 1000)} s`);
  heading('Query plans on the 100,000-user database');
  for (const plan of await queryPlans(db)) check(!plan.fullScan, `${plan.name}: ${plan.plan}`);

  heading('Endpoints vs the ceiling (a bare Fastify process), 100,000 users, 10 connections each');
  const [ceilingResult] = await s.measureMany([{ name: 'ceiling GET /ok (bare Fastify)', baseUrl: ceiling.url, path: '/ok' }]);
  const reads = await s.measureMany(s.readTargets(app.url, typical));
  const [adds] = await s.measureMany([s.addMinutesTarget(app.url, 'bulk')]);
  console.log(s.resultTable([ceilingResult, ...reads, adds], ceilingResult.rps));
  // Issue #10 (scripts/bench/stack.mjs): the stack's floors and the dashboard's calls side by side.
  heading('Floors of the stack vs the dashboard (100,000 users; interleaved rounds, medians; server CPU per request)');
  const appWarn = await startNodeServer('app-warn', SERVER_SCRIPT, { env: { ...serverEnv, LOG_LEVEL: 'warn' }, readyPath: '/api/languages' });
  const stack = await stackSection({ floor: await startFloor(), app: appWarn, cookie: typical, writerPrefix: 'bulk', extraApps: [{ name: 'LOG_LEVEL=info', server: app }] });
  console.log(stack.text);
  for (const c of stack.checks) check(c.ok, c.text);

  heading('Growth of the database: 10 users vs 100,000 users, same learner');
  const users = reads.map((r, i) => ({ name: r.name, small: fewUsers[i], large: r }));
  console.log(s.growthTable(users, '10 users', '100k users'));

  heading('Targets');
  for (const r of reads) check(r.rps >= targets.ceilingShare * ceilingResult.rps, `${r.name}: ${Math.round((100 * r.rps) / ceilingResult.rps)}% of the ceiling (>= 50%)`);
  for (const [label, rows] of [['100,000 users', users]]) {
    for (const r of rows) check(r.large.mean / r.small.mean <= targets.growthRatio, `${label}, ${r.name}: latency x${round(r.large.mean / r.small.mean, 2)} (<= 1.2)`);
  }
  const failures = [ceilingResult, ...reads, adds, ...fewUsers, ...history.flatMap((r) => [r.small, r.large])].reduce((n, r) => n + r.errors + r.non2xx, 0);
  check(failures === 0, `errors and non-2xx answers under load: ${failures}`);

  if (POSTGRES) {
    heading('Scale-out: two server processes on one PostgreSQL');
    const second = await startNodeServer('app-2', SERVER_SCRIPT, { env: serverEnv, readyPath: '/api/languages' });
    const out = await s.scaleOut(app, second, 'learner-2@example.test');
    console.log(`session signed in on pid ${app.pid} accepted by pid ${second.pid}`);
    console.log(s.resultTable([{ ...out.single, name: `${out.name}, 1 process` }, { ...out.both, name: `${out.name}, 2 processes` }], ceilingResult.rps));
    check(out.both.errors + out.both.non2xx === 0, 'scale-out: 0 errors');
  }

  if (LIGHTHOUSE) await dashboardPaint(app.url, { lighthouse: true });
  heading(misses.length ? `${misses.length} target(s) missed` : 'every target met');
}

/** `--reminders`: scripts/bench/reminders.mts on this database, in a process of its own (it builds the app). */
function remindersOnly(databaseUrl) {
  heading('Daily reminder (issue #42): one minute tick, nobody due and 10,000 due at once (push sender faked)');
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/reminders.mts', databaseUrl], { cwd: REPO_ROOT, stdio: 'inherit', timeout: TIME_LIMIT_MS });
  check(run.status === 0, `the reminder tick section ran and met its targets (exit ${run.status ?? run.signal})`);
  heading(misses.length ? `${misses.length} target(s) missed` : 'every target met');
}

/** `--writes` (issue #54): the writes beside the floor and beside an earlier commit, on this run's database server. */
async function writesOnly(databaseUrl) {
  heading(`Writes beside the durable-upsert floor and an earlier build (${POSTGRES ? 'PostgreSQL 15' : 'SQLite'})`);
  const section = await writesSection({ postgresUrl: POSTGRES ? databaseUrl : null });
  console.log(section.text);
  for (const c of section.checks) check(c.ok, c.text);
}

/** `--api-compare` (issue #40): the session check and /progress, this build beside an earlier one, interleaved runs. */
async function apiCompareOnly() {
  heading('What every request pays for: this build beside an earlier one (SQLite, 10 connections, interleaved runs, medians)');
  const compare = await apiCompareSection();
  console.log(compare.text);
  for (const r of compare.rows) check(r.ratio >= 0.9, `${r.name}: ${Math.round(100 * r.ratio)} % of ${compare.base}'s req/s (>= 90 %)`);
  check(compare.failures === 0, `errors and non-2xx answers: ${compare.failures}`);
  heading(misses.length ? `${misses.length} target(s) missed` : 'every target met');
}

/** `--tokens`: one learner with 90 days and many read tokens, then the #43 section. */
async function tokensOnly(databaseUrl, serverEnv) {
  const app = await startNodeServer('app', SERVER_SCRIPT, { env: serverEnv, readyPath: '/api/languages' });
  console.log(`server pid ${app.pid}, database ${databaseUrl.replace(/:\/\/[^@]*@/, '://')}`);
  const db = await openDatabase(databaseUrl);
  onCleanup(() => db.close());
  await seedLearners(db, { prefix: 'learner', first: 1, last: 1, languages: ['Spanish'], days: 90, passwordHash: await benchPasswordHash(), today: utcToday() });
  await seedTokens(db, 'learner-1@example.test');
  heading('Access tokens (issue #43): the same reads with the session cookie and with a bearer token, side by side');
  const section = await tokenSection({ url: app.url, cookie: sessionCookie('learner', 1), pid: app.pid });
  console.log(section.text);
  check(section.failures === 0, `errors and non-2xx answers: ${section.failures}`);
  heading(misses.length ? `${misses.length} target(s) missed` : 'every target met');
}

/** `--heavy`: a bystander (90 days) and HEAVY_LEARNERS learners with 10 years in two languages, then the #30 section. */
async function heavyOnly(databaseUrl, serverEnv) {
  // --profile: a CPU profile of the first loaded window (scripts/bench/profile-hook.mjs).
  const profileDir = args.has('--profile') ? mkdtempSync(join(tmpdir(), 'tracker-profile-')) : null;
  if (profileDir) onCleanup(() => rmSync(profileDir, { recursive: true, force: true }));
  const profiling = profileDir ? { BENCH_PROFILE_DIR: profileDir, NODE_OPTIONS: `--import=${join(REPO_ROOT, 'scripts/bench/profile-hook.mjs')}` } : {};
  const app = await startNodeServer('app', SERVER_SCRIPT, { env: { ...serverEnv, ...profiling }, readyPath: '/api/languages' });
  console.log(`server pid ${app.pid}, database ${databaseUrl.replace(/:\/\/[^@]*@/, '://')}`);
  const db = await openDatabase(databaseUrl);
  onCleanup(() => db.close());
  const passwordHash = await benchPasswordHash();
  const today = utcToday();
  await seedLearners(db, { prefix: 'bystander', first: 1, last: 1, languages: ['Spanish'], days: 90, passwordHash, today });
  await seedLearners(db, { prefix: 'heavy', first: 1, last: HEAVY_LEARNERS, languages: ['Spanish', 'French'], days: 3650, passwordHash, today });
  const learners = [];
  for (let n = 1; n <= HEAVY_LEARNERS; n++) learners.push({ n, id: (await db.query('SELECT id FROM users WHERE email = ?', [`heavy-${n}@example.test`]))[0].id });
  heading(`Heavy calls (issue #30): a bystander's /api/auth/check while ${HEAVY_LEARNERS} learners import 5 MiB files and read 10 years of stats by day`);
  const section = await heavySection({
    url: app.url,
    pid: app.pid,
    db,
    learners,
    today,
    statsFrom: new Date(Date.parse(`${today}T00:00:00Z`) - 3649 * 86_400_000).toISOString().slice(0, 10),
    cookieOf: (n) => sessionCookie('heavy', n),
    bystanderCookie: sessionCookie('bystander', 1),
    profileDir,
  });
  console.log(section.text);
  for (const c of section.checks) check(c.ok, c.text);
  heading(misses.length ? `${misses.length} target(s) missed` : 'every target met');
}

/** `--paint`: the server on a fresh database with the 1-month and 10-year learners, then only the section below. */
async function paintOnly(databaseUrl, serverEnv) {
  const builds = BASE_REFS.map((ref) => buildBase(ref));
  const app = await paintServer('app', databaseUrl, serverEnv);
  const bases = [];
  for (const built of builds) {
    const baseDatabaseUrl = await startDatabase();
    const server = await paintServer(`app ${built.commit}`, baseDatabaseUrl, { ...serverEnv, DATABASE_URL: baseDatabaseUrl, SERVE_SPA: join(built.dir, 'dist') }, built.dir);
    bases.push({ ...built, url: server.url });
  }
  await dashboardPaint(app.url, { lighthouse: LIGHTHOUSE, base: bases.length ? bases : null });
  heading(misses.length ? `${misses.length} target(s) missed` : 'every target met');
}

/**
 * `--offline`: the production build on a server whose session cookie is the plain `sid` (a browser keeps a
 * `__Host-` cookie only from https, and the service worker's requests must carry it), one fresh learner per trial.
 */
async function offlineOnly(databaseUrl) {
  const app = await startNodeServer('app', SERVER_SCRIPT, { env: { DATABASE_URL: databaseUrl, SERVE_SPA: join(REPO_ROOT, 'dist'), LOG_LEVEL: 'warn' }, readyPath: '/api/languages' });
  console.log(`server pid ${app.pid}, database ${databaseUrl.replace(/:\/\/[^@]*@/, '://')}`);
  const db = await openDatabase(databaseUrl);
  onCleanup(() => db.close());
  const today = utcToday();
  const passwordHash = await benchPasswordHash();
  // Issue #39: Spanish current and French started (another device switches to it), and a second learner per trial.
  await seedLearners(db, { prefix: 'offline', first: 1, last: TRIALS, languages: ['Spanish', 'French'], days: 30, passwordHash, today });
  await seedLearners(db, { prefix: 'second', first: 1, last: TRIALS, languages: ['Spanish'], days: 30, passwordHash, today });
  heading(`Offline adds: ${TRIALS} randomized reconnect trials in Chromium (lost answers, two tabs, reloads while offline, language switches, a second account)`);
  const results = await reconnectTrials(app.url, {
    db,
    prefix: 'offline',
    otherPrefix: 'second',
    cookieFor: (n) => ({ name: 'sid', value: `offline-${n}` }),
    otherCookieFor: (n) => ({ name: 'sid', value: `second-${n}` }),
    today,
  });
  const summary = reconnectSummary(results);
  console.log(summary.text);
  for (const c of summary.checks) check(c.ok, c.text);
  heading(misses.length ? `${misses.length} target(s) missed` : 'every target met');
}

/** A server of the build in `cwd` on its own database, seeded with the 1-month and the 10-year learner, their reads checked. */
async function paintServer(name, databaseUrl, env, cwd = REPO_ROOT) {
  const app = await startNodeServer(name, SERVER_SCRIPT, { env, readyPath: '/api/languages', cwd });
  console.log(`${name}: pid ${app.pid}, database ${databaseUrl.replace(/:\/\/[^@]*@/, '://')}`);
  const db = await openDatabase(databaseUrl);
  onCleanup(() => db.close());
  const passwordHash = await benchPasswordHash();
  const today = utcToday();
  await seedLearners(db, { prefix: 'month', first: 1, last: 1, languages: ['Spanish'], days: 30, passwordHash, today });
  await seedLearners(db, { prefix: 'long', first: 1, last: 1, languages: ['Spanish', 'French'], days: 3650, passwordHash, today });
  for (const prefix of ['month', 'long']) await s.checkAnswers(app.url, s.dashboardReads(), sessionCookie(prefix, 1));
  // Issue #54: each account keeps its zone, as the app sends it at sign-in, so a visit with the session
  // cookie alone is drawn for the learner's day. A build before the account kept one refuses: its
  // session-alone visits are the first visits they were.
  for (const prefix of ['month', 'long']) {
    const kept = await fetch(`${app.url}/api/user/preferences`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: app.url, cookie: sessionCookie(prefix, 1) },
      body: JSON.stringify({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
    });
    console.log(`${name}: the ${prefix} learner's account ${kept.ok ? 'keeps its zone' : `keeps no zone (${kept.status})`}`);
  }
  return app;
}

/**
 * Issue #18: the dashboard's first paint on a phone, for the 1-month and the 10-year learner, beside the landing page;
 * with `base` (issue #32), each dashboard of an earlier build in the same rounds.
 */
async function dashboardPaint(baseUrl, { lighthouse: withLighthouse, base = null }) {
  heading(`Request round trips to the last dashboard read (Chromium, ${paint.PHONE.viewport.width}x${paint.PHONE.viewport.height} phone, +${paint.LATENCY_MS} ms latency per request)`);
  try {
    const trips = paint.roundTripSummary(await paint.roundTrips(baseUrl, paint.roundTripLearners()));
    console.log(trips.text);
    for (const c of trips.checks) check(c.ok, c.text);
  } catch (err) {
    if (isStopping()) throw err;
    // A load that never rendered is a miss of this section, not a reason to skip Lighthouse.
    check(false, `round trips: ${err instanceof Error ? err.message : err}`);
  }
  if (withLighthouse) await lighthouseSection(baseUrl, base);
  // Issue #45: what the page's code arriving after the first paint costs a learner's first tap on a real link.
  heading(`Until the dashboard answers a tap (Chromium, phone, HTTP/2, slow 4G and 4x CPU as Lighthouse's; a first visit, then the next), ${paint.RUNS} runs per page, interleaved; medians`);
  console.log(await paint.untilLive(baseUrl, paint.paintPages(base).filter((page) => page.cookie)));
  // Last, so its load leaves nothing behind for the page loads above.
  heading(`A bystander beside 50 concurrent dashboard loads${base ? `, this build and ${commitsOf(base)} in interleaved rounds` : ''}`);
  const servers = [{ label: 'this build', origin: baseUrl }, ...[base].flat().filter(Boolean).map((earlier) => ({ label: earlier.commit, origin: earlier.url, reference: true }))];
  const learners = paint.roundTripLearners().map((page) => page.cookie);
  const bystander = await bystanderBesideDashboards(servers, { learners, bystanderCookie: sessionCookie('month', 1) });
  console.log(bystander.text);
  for (const c of bystander.checks) check(c.ok, c.text);
}

/** The earlier builds' commits, as the run names them. */
const commitsOf = (base) => `${[base].flat().map((earlier) => earlier.commit).join(' and ')} (${BASE_REF})`;

async function lighthouseSection(baseUrl, base) {
  const beside = base ? `, this build beside ${commitsOf(base)}` : '';
  heading(`Lighthouse 12 (mobile: slow 4G, ${CPU_SLOWDOWN ?? 4}x CPU slowdown${CPU_SLOWDOWN ? ' (BENCH_PAINT_CPU)' : ''}, plain HTTP/1.1), ${paint.RUNS} runs per page, interleaved${beside}; medians`);
  const lighthouse = paint.lighthouseSummary(await paint.lighthouseRounds(baseUrl, paint.paintPages(base)));
  console.log(lighthouse.text);
  for (const c of lighthouse.checks) check(c.ok, c.text);
}

/** Issue #13: /api/user/stats for the 1-month, 1-year and 10-year learners ('month' and 'long' already seeded). */
async function insightsSection(app, db, today, seed) {
  heading('Insights: /api/user/stats, 1-month and 1-year learners vs the 10-year one (a goal change every day, French)');
  await seed('year', 1, 365);
  await seedDailyGoalChanges(db, 'long-1@example.test', 'French', 3650, today);
  const decade = { cookie: sessionCookie('long', 1), query: '&language=French' };
  const insights = await statsGrowth(app.url, { month: { cookie: sessionCookie('month', 1) }, year: { cookie: sessionCookie('year', 1) }, decade }, today);
  console.log(s.growthTable(insights, 'shorter', '10 years'));
  for (const r of insights) check(r.large.mean / r.small.mean <= targets.growthRatio, `insights, ${r.name}: latency x${round(r.large.mean / r.small.mean, 2)} (<= 1.2)`);
  const failures = insights.reduce((n, r) => n + r.small.errors + r.small.non2xx + r.large.errors + r.large.non2xx, 0);
  check(failures === 0, `insights: errors and non-2xx answers under load: ${failures}`);

  heading("Insights: the 10-year learner's first read after its history moved (an edit of a past day, an import) vs the next");
  const moveHistory = () =>
    db.query("UPDATE user_languages SET history_version = history_version + 1 WHERE language = 'French' AND user_id = (SELECT id FROM users WHERE email = 'long-1@example.test')");
  const after = await readAfterHistoryMoved(app.url, decade, today, moveHistory);
  console.log(
    table([
      ['one request, 15 times each (median ms, client side)', 'first read', 'max', 'next read'],
      ...after.map((r) => [r.name, round(r.firstMs, 2), round(r.firstMaxMs, 1), round(r.nextMs, 2)]),
    ]),
  );
}

/** Issue #9: API bytes of a dashboard load and of one add (browser), and one account that holds all the rules allow. */
async function historyBytesAndHostile(app, db, today) {
  heading('API bytes in Chromium (desktop): a dashboard load, then one add with its refetches');
  const traffic = await h.dashboardTraffic(app.url, [['1 month', sessionCookie('month', 1)], ['10 years', sessionCookie('long', 1)]]);
  console.log(h.trafficTable(traffic));
  const [month, decade] = traffic;
  console.log(`calls of the 10-year dashboard load:\n${h.callList(decade.load.calls)}\ncalls of its add:\n${h.callList(decade.add.calls)}`);
  check(decade.load.bytes <= targets.growthRatio * month.load.bytes, `dashboard load: ${decade.load.bytes} B for 10 years vs ${month.load.bytes} B for 1 month (<= 1.2x)`);
  check(decade.add.bytes <= targets.growthRatio * month.add.bytes, `one add with refetches: ${decade.add.bytes} B vs ${month.add.bytes} B (<= 1.2x)`);
  const monthTotals = decade.add.calls.filter((c) => c.path.includes('/calendar/month-total')).length;
  check(monthTotals === 1, `the month total is fetched once after an add (${monthTotals})`);

  const days = h.daysSince2000(today);
  heading(`Hostile account: every day since 2000-01-01 (${days}), one goal change a day, the most rest days allowed`);
  await seedLearners(db, { prefix: 'hostile', first: 1, last: 1, languages: ['Spanish'], days, passwordHash: await benchPasswordHash(), today });
  await h.seedDailyGoalChanges(db, 'hostile-1@example.test', today);
  const hostile = sessionCookie('hostile', 1);
  const rest = await fetch(`${app.url}/api/user/rest-days`, {
    method: 'POST',
    headers: { cookie: hostile, 'content-type': 'application/json' },
    body: JSON.stringify({ weekdays: [1, 2, 3, 4, 5, 6], periods: Array.from({ length: 50 }, (_, i) => ({ from: `${2001 + i % 25}-0${1 + (i % 9)}-01`, to: `${2001 + i % 25}-0${1 + (i % 9)}-20` })) }),
  });
  if (rest.status !== 200) throw new Error(`rest days answered ${rest.status}: ${await rest.text()}`);
  const reads = [
    ['GET /api/user/daily-activity/all (everything)', '/api/user/daily-activity/all'],
    ['GET /api/user/calendar/summary?today=a year ago (the first computes from 2000-01-01)', `/api/user/calendar/summary?today=${today.slice(0, 4) - 1}${today.slice(4)}`],
    ['GET /api/user/calendar/summary (today)', `/api/user/calendar/summary?today=${today}`],
  ];
  const costs = [];
  for (const [name, path] of reads) costs.push({ name, path, ...(await h.singleRequestCost(`${app.url}${path}`, hostile)) });
  console.log(table([['one request of the hostile account', 'median ms', 'max ms', 'KB'], ...costs.map((c) => [c.name, round(c.medianMs), round(c.maxMs), round(c.bytes / 1024, 1)])]));
  const worst = costs.reduce((a, b) => (b.medianMs > a.medianMs ? b : a));
  const { alone, attacked } = await h.hostileLoop(`${app.url}${worst.path}`, hostile, `${app.url}/api/auth/check`, sessionCookie('learner', 2));
  console.log(
    table([
      ["another learner's GET /api/auth/check", 'requests', 'p50 ms', 'p99 ms', 'max ms'],
      ...[['alone', alone], [`while the hostile account loops ${worst.name} (${attacked.loops} times)`, attacked]].map(([name, r]) => [
        name,
        r.samples,
        round(r.p50, 2),
        round(r.p99, 1),
        round(r.max, 1),
      ]),
    ]),
  );
  check(attacked.p99 < targets.hostileP99Ms, `hostile account: the other learner's /api/auth/check p99 ${round(attacked.p99, 1)} ms (< 50 ms; ${round(alone.p99, 1)} ms without it)`);
}

let finished = false;
async function finish(code) {
  if (finished) return;
  finished = true;
  await cleanupAll();
  process.exit(code);
}
const limit = setTimeout(() => {
  console.error(`\nbench: time limit of ${TIME_LIMIT_MS / 1000} s reached, stopping everything`);
  void finish(2);
}, TIME_LIMIT_MS);
limit.unref();
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void finish(130));

main().then(
  () => finish(misses.length ? 1 : 0),
  (err) => {
    // Once stopping (time limit, signal), what fails is what the cleanup just took away.
    if (!isStopping()) console.error(`\nbench failed: ${err instanceof Error ? err.stack : err}`);
    return finish(1);
  },
);
