// `npm run bench [-- --postgres] [-- --no-lighthouse]`: the performance benchmark described in
// docs/PERFORMANCE.md. Starts everything it needs, prints the figures, stops everything by PID,
// and gives up (cleaning up) after a fixed time limit. Exit code 1 when a target is missed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { audit, launchChrome } from './lighthouse.mjs';
import { queryPlans } from './plans.mjs';
import { startPostgres } from './postgres.mjs';
import { REPO_ROOT, cleanupAll, onCleanup, startNodeServer } from './processes.mjs';
import * as s from './scenarios.mjs';
import { stackSection, startFloor } from './stack.mjs';
import { benchPasswordHash, openDatabase, seedLearners, sessionCookie } from './seed.mjs';
import { round, utcToday } from './util.mjs';

const args = new Set(process.argv.slice(2));
const POSTGRES = args.has('--postgres');
const LIGHTHOUSE = !args.has('--no-lighthouse');
const TIME_LIMIT_MS = Number(process.env.BENCH_TIME_LIMIT_S ?? 570) * 1000;
const BULK_USERS = 100_000;
const targets = { ceilingShare: 0.5, growthRatio: 1.2, performance: 95, accessibility: 100 };

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
  if (LIGHTHOUSE && spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' }).status !== 0) {
    throw new Error('the SPA build failed');
  }
  const databaseUrl = await startDatabase();
  const serverEnv = { NODE_ENV: 'production', DATABASE_URL: databaseUrl, SERVE_SPA: join(REPO_ROOT, 'dist') };
  const ceiling = await startNodeServer('ceiling', 'scripts/bench/ceiling.mjs', { readyPath: '/ok' });
  const app = await startNodeServer('app', 'server/src/server.ts', { env: serverEnv, readyPath: '/api/languages' });
  console.log(`ceiling pid ${ceiling.pid}, server pid ${app.pid}, database ${databaseUrl.replace(/:\/\/[^@]*@/, '://')}`);

  const db = await openDatabase(databaseUrl);
  onCleanup(() => db.close());
  const passwordHash = await benchPasswordHash();
  const today = utcToday();
  const seed = (prefix, count, days, languages = ['Spanish']) =>
    seedLearners(db, { prefix, first: 1, last: count, languages, days, passwordHash, today });
  await seed('learner', 8, 90);
  await seed('short', 1, 1);
  await seed('long', 1, 3650, ['Spanish', 'French']);
  const typical = sessionCookie('learner', 1);
  for (const prefix of ['learner', 'short', 'long']) await s.checkAnswers(app.url, s.dashboardReads(), sessionCookie(prefix, 1));
  const [{ total }] = await db.query(
    "SELECT sum(listening + reading + speaking + writing) AS total FROM daily_activity d JOIN users u ON u.id = d.user_id WHERE u.email = 'long-1@example.test' AND d.language = 'Spanish'",
  );
  const progress = await (await fetch(`${app.url}/api/user/progress`, { headers: { cookie: sessionCookie('long', 1) } })).json();
  check(progress.totalOverallMins === Number(total), `10-year account: /progress total ${progress.totalOverallMins} = database sum ${total}`);

  heading('Growth of history: 1 day vs 10 years (3,650 days in each of two languages), 10 users');
  const history = await s.historyGrowth(app.url, sessionCookie('short', 1), sessionCookie('long', 1));
  console.log(s.growthTable(history, '1 day', '10 years'));
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
  const appWarn = await startNodeServer('app-warn', 'server/src/server.ts', { env: { ...serverEnv, LOG_LEVEL: 'warn' }, readyPath: '/api/languages' });
  const stack = await stackSection({ floor: await startFloor(), app: appWarn, cookie: typical, writerPrefix: 'bulk', extraApps: [{ name: 'LOG_LEVEL=info', server: app }] });
  console.log(stack.text);
  for (const c of stack.checks) check(c.ok, c.text);

  heading('Growth of the database: 10 users vs 100,000 users, same learner');
  const users = reads.map((r, i) => ({ name: r.name, small: fewUsers[i], large: r }));
  console.log(s.growthTable(users, '10 users', '100k users'));

  heading('Targets');
  for (const r of reads) check(r.rps >= targets.ceilingShare * ceilingResult.rps, `${r.name}: ${Math.round((100 * r.rps) / ceilingResult.rps)}% of the ceiling (>= 50%)`);
  for (const [label, rows] of [['10-year history', history], ['100,000 users', users]]) {
    for (const r of rows) check(r.large.mean / r.small.mean <= targets.growthRatio, `${label}, ${r.name}: latency x${round(r.large.mean / r.small.mean, 2)} (<= 1.2)`);
  }
  const failures = [ceilingResult, ...reads, adds, ...fewUsers, ...history.flatMap((r) => [r.small, r.large])].reduce((n, r) => n + r.errors + r.non2xx, 0);
  check(failures === 0, `errors and non-2xx answers under load: ${failures}`);

  if (POSTGRES) {
    heading('Scale-out: two server processes on one PostgreSQL');
    const second = await startNodeServer('app-2', 'server/src/server.ts', { env: serverEnv, readyPath: '/api/languages' });
    const out = await s.scaleOut(app, second, 'learner-2@example.test');
    console.log(`session signed in on pid ${app.pid} accepted by pid ${second.pid}`);
    console.log(s.resultTable([{ ...out.single, name: `${out.name}, 1 process` }, { ...out.both, name: `${out.name}, 2 processes` }], ceilingResult.rps));
    check(out.both.errors + out.both.non2xx === 0, 'scale-out: 0 errors');
  }

  if (LIGHTHOUSE) {
    heading('Lighthouse 12 (mobile: slow 4G, 4x CPU slowdown)');
    const chrome = await launchChrome();
    for (const [page, headers] of [['/', undefined], ['/dashboard', { Cookie: typical }]]) {
      const r = await audit(chrome, `${app.url}${page}`, headers);
      console.log(`${page}: performance ${r.performance}, accessibility ${r.accessibility}, CLS ${round(r.cls, 3)}, FCP ${Math.round(r.fcpMs)} ms, LCP ${Math.round(r.lcpMs)} ms, TBT ${Math.round(r.tbtMs)} ms`);
      if (r.failing.length) console.log(`  below par: ${r.failing.join(', ')}`);
      check(r.url.endsWith(page), `${page}: Lighthouse audited ${r.url}`);
      check(r.performance >= targets.performance && r.accessibility === targets.accessibility && r.cls === 0, `${page}: performance >= 95, accessibility 100, CLS 0`);
    }
  }
  heading(misses.length ? `${misses.length} target(s) missed` : 'every target met');
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
    console.error(`\nbench failed: ${err instanceof Error ? err.stack : err}`);
    return finish(1);
  },
);
