// `node scripts/bench/reads.mjs`: only the dashboard's reads on SQLite, against the ceiling, in about
// a minute: the figure compared across Node.js lines in docs/decisions/0002-node-runtimes.md, e.g.
// `scripts/with-node.sh 24 node scripts/bench/reads.mjs`. Same server, data and load as
// `npm run bench` (docs/PERFORMANCE.md), but 10 learners instead of 100,000.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanupAll, onCleanup, startNodeServer } from './processes.mjs';
import * as s from './scenarios.mjs';
import { benchPasswordHash, openDatabase, seedLearners, sessionCookie } from './seed.mjs';
import { utcToday } from './util.mjs';

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'tracker-reads-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const databaseUrl = `sqlite:${join(dir, 'bench.db')}`;
  const ceiling = await startNodeServer('ceiling', 'scripts/bench/ceiling.mjs', { readyPath: '/ok' });
  const app = await startNodeServer('app', 'server/src/server.ts', { env: { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost', VAPID_SUBJECT: 'mailto:bench@lingualog.invalid', DATABASE_URL: databaseUrl, SERVE_SPA: '' }, readyPath: '/api/languages' });
  const db = await openDatabase(databaseUrl);
  onCleanup(() => db.close());
  await seedLearners(db, { prefix: 'learner', first: 1, last: 10, languages: ['Spanish'], days: 90, passwordHash: await benchPasswordHash(), today: utcToday() });
  const cookie = sessionCookie('learner', 1);
  await s.checkAnswers(app.url, s.dashboardReads(), cookie);

  console.log(`Dashboard reads on SQLite, Node ${process.version}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const [ceilingResult] = await s.measureMany([{ name: 'ceiling GET /ok (bare Fastify)', baseUrl: ceiling.url, path: '/ok' }]);
  const reads = await s.measureMany(s.readTargets(app.url, cookie));
  console.log(s.resultTable([ceilingResult, ...reads], ceilingResult.rps));
  console.log(`load after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const failures = reads.reduce((n, r) => n + r.errors + r.non2xx, 0);
  if (failures > 0) throw new Error(`${failures} errors or non-2xx answers under load`);
}

main().then(
  () => cleanupAll().then(() => process.exit(0)),
  async (err) => {
    console.error(`\nreads bench failed: ${err instanceof Error ? err.stack : err}`);
    await cleanupAll();
    process.exit(1);
  },
);
