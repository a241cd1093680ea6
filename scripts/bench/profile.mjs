// `node scripts/bench/profile.mjs [--postgres] [--stack] [--seconds=4]`: CPU profiles of the real
// server over the loaded window only (issue #10). The server is started with profile-hook.mjs
// preloaded; SIGUSR2 starts the V8 profiler just before a load and stops it just after, so start-up
// and idle time are not in the profile. Prints self time by package and the top functions per route.
// --stack also runs the floors-vs-dashboard section of `npm run bench` on this smaller database;
// --compare=<dir> adds the same calls on a server started from another checkout of the repository.
// --tokens: `GET /api/user/progress` with the session cookie, then with a bearer token (the bench's
// 5,000 read tokens in turn, as `npm run bench -- --tokens` sends them), instead of the stack's targets.
// BENCH_PROFILE_ROOT=<dir> profiles the server of another checkout (e.g. `git archive` of an earlier
// commit with this node_modules linked in), to set its profile beside this one's; BENCH_PROFILE_KEEP=<dir>
// keeps each profile there.
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { summariseProfile } from './cpu.mjs';
import { startPostgres } from './postgres.mjs';
import { REPO_ROOT, cleanupAll, onCleanup, startNodeServer } from './processes.mjs';
import { benchPasswordHash, openDatabase, seedLearners, sessionCookie } from './seed.mjs';
import { loadOnce, stackSection, stackTargets, startFloor } from './stack.mjs';
import { bearerTarget, cookieTarget, seedTokens } from './tokens.mjs';
import { utcToday } from './util.mjs';

/** A second database on the same PostgreSQL cluster, named after `url`'s with a suffix. */
async function createPostgresDatabase(url, newUrl) {
  const db = await openDatabase(url);
  try {
    await db.query(`CREATE DATABASE ${new URL(newUrl).pathname.slice(1)}`);
  } finally {
    await db.close();
  }
}

const args = process.argv.slice(2);
const POSTGRES = args.includes('--postgres');
const SECONDS = Number(args.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? 4);
const TOKENS = args.includes('--tokens');
const PROFILED = (process.env.BENCH_PROFILE_TARGETS ?? 'read floor: bare + sid cookie + SHA-256 + 1 lookup|GET /api/auth/check|GET /api/user/progress|PATCH /api/user/daily-activity (edit)').split('|');

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'tracker-profile-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const databaseUrl = POSTGRES ? (await startPostgres()).url : `sqlite:${join(dir, 'bench.db')}`;
  const env = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://localhost',
    VAPID_SUBJECT: 'mailto:bench@lingualog.invalid',
    DATABASE_URL: databaseUrl,
    // --tokens loads the API alone, as `npm run bench -- --tokens` does (no SPA build needed).
    SERVE_SPA: TOKENS ? '' : join(REPO_ROOT, 'dist'),
    LOG_LEVEL: 'warn',
    BENCH_PROFILE_DIR: dir,
    NODE_OPTIONS: `--import=${join(REPO_ROOT, 'scripts/bench/profile-hook.mjs')}`,
  };
  const app = await startNodeServer('app', 'server/src/server.ts', { env, readyPath: '/api/languages', cwd: process.env.BENCH_PROFILE_ROOT ?? REPO_ROOT });
  const floor = await startFloor({ BENCH_PROFILE_DIR: dir, NODE_OPTIONS: env.NODE_OPTIONS });
  const passwordHash = await benchPasswordHash();
  const seed = async (url) => {
    const db = await openDatabase(url);
    onCleanup(() => db.close());
    for (const [prefix, count, days] of [['learner', 8, 90], ['bulk', 997, 20]]) {
      await seedLearners(db, { prefix, first: 1, last: count, languages: ['Spanish'], days, passwordHash, today: utcToday() });
    }
    if (TOKENS) await seedTokens(db, 'learner-1@example.test');
  };
  await seed(databaseUrl);
  const options = { floor, app, cookie: sessionCookie('learner', 1), writerPrefix: 'bulk' };
  console.log(`server pid ${app.pid}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  const progress = { name: 'GET /api/user/progress', path: '/api/user/progress' };
  const targets = TOKENS
    ? [
        { ...cookieTarget(app.url, progress, app.pid, options.cookie), name: 'cookie: GET /api/user/progress' },
        { ...bearerTarget(app.url, progress, app.pid), name: 'bearer: GET /api/user/progress' },
      ]
    : stackTargets(options).filter((t) => PROFILED.includes(t.name));
  for (const target of targets) {
    await loadOnce(target, 1);
    const before = new Set(readdirSync(dir));
    process.kill(target.pid, 'SIGUSR2');
    await new Promise((r) => setTimeout(r, 100));
    const run = await loadOnce(target, SECONDS);
    process.kill(target.pid, 'SIGUSR2');
    let file;
    while (!(file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile') && !before.has(f)))) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 300));
    // BENCH_PROFILE_KEEP=<dir>: the profile itself is kept there (e.g. to open in DevTools, or to set two builds' side by side).
    if (process.env.BENCH_PROFILE_KEEP) copyFileSync(join(dir, file), join(process.env.BENCH_PROFILE_KEEP, `${target.name.replace(/[^A-Za-z0-9]+/g, '_')}.cpuprofile`));
    const summary = summariseProfile(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    console.log(`\n== ${target.name}: ${Math.round(run.rps)} req/s, ${((1e6 * run.cpu) / run.requests).toFixed(0)} us CPU/request, ${run.errors + run.non2xx} errors+non-2xx, ${summary.samples} samples`);
    console.log('self time by package/file:', summary.owners.map((o) => `${o.name} ${o.pct}%`).join(', '));
    console.log('top functions:');
    for (const f of summary.functions) console.log(`  ${String(f.pct).padStart(5)}%  ${f.name}`);
    console.log('inclusive (JavaScript frames):');
    for (const f of summary.inclusive) console.log(`  ${String(f.pct).padStart(5)}%  ${f.name}`);
  }
  if (args.includes('--stack')) {
    // --compare=<dir>: the same calls on a server started from another checkout (e.g. the code before a change), interleaved.
    const compare = args.find((a) => a.startsWith('--compare='))?.split('=')[1];
    // Its own database, seeded alike: the other checkout may not know this one's migrations.
    const beforeUrl = compare && (POSTGRES ? `${databaseUrl}_before` : `sqlite:${join(dir, 'before.db')}`);
    if (compare && POSTGRES) await createPostgresDatabase(databaseUrl, beforeUrl);
    const before = compare && (await startNodeServer('before', join(compare, 'server/src/server.ts'), { env: { ...env, DATABASE_URL: beforeUrl, NODE_OPTIONS: '' }, readyPath: '/api/languages', cwd: compare }));
    if (compare) await seed(beforeUrl);
    const section = await stackSection({ ...options, compare: before });
    console.log(`\n${section.text}`);
    for (const c of section.checks) console.log(`${c.ok ? 'PASS' : 'MISS'}  ${c.text}`);
  }
}

main().then(
  () => cleanupAll().then(() => process.exit(0)),
  (err) => {
    console.error(err);
    return cleanupAll().then(() => process.exit(1));
  },
);
