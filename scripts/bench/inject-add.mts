// `npx tsx scripts/bench/inject-add.mts`: server CPU per add (POST /api/user/daily-activity, without and with an
// Idempotency-Key) beside a read of one day, through app.inject (no sockets, no load generator), rounds alternating
// the three, medians. The database is a file in TMPDIR (TMPDIR=/dev/shm leaves the disk's fsync out of the figures).
// Profile one kind alone: `ONLY=add node --import tsx --cpu-prof scripts/bench/inject-add.mts` (issue #54).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// A second argument measures another checkout's server (a `git archive` of an earlier commit with this node_modules linked in).
const root = process.argv[2] ?? new URL('../..', import.meta.url).pathname;
const { buildApp } = await import(`${root}/server/src/app.ts`);
const { openDatabase, seedLearners, benchPasswordHash, sessionCookie } = await import('./seed.mjs');
const dir = mkdtempSync(join(tmpdir(), 'inject-add-'));
const url = `sqlite:${join(dir, 'i.db')}`;
const app = await buildApp({ databaseUrl: url, production: true, logger: { level: 'warn' }, spaDir: null });
const db = await openDatabase(url);
const today = new Date().toISOString().slice(0, 10);
const LEARNERS = 800;
// Their history ends long ago, so today's adds (1 minute each, spread over the learners and skills) stay within the day's limits.
await seedLearners(db, { prefix: 'learner', first: 1, last: LEARNERS, languages: ['Spanish'], days: 30, passwordHash: await benchPasswordHash(), today: '2020-01-01' });
const skills = ['listening', 'reading', 'speaking', 'writing'];
const N = Number(process.env.N ?? 800);
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const kinds = process.env.ONLY ? [process.env.ONLY] : ['add', 'keyed add', 'read'];
let k = 0;
const request = (kind: string) => {
  k += 1;
  const cookie = sessionCookie('learner', 1 + (k % LEARNERS));
  if (kind === 'read') return { method: 'GET' as const, url: `/api/user/daily-activity?date=${today}`, headers: { cookie } };
  const key = kind === 'keyed add' ? { 'idempotency-key': `inject-add-${k}` } : {};
  return { method: 'POST' as const, url: '/api/user/daily-activity', headers: { cookie, 'content-type': 'application/json', ...key }, payload: JSON.stringify({ date: today, [`${skills[k % 4]}DailyMins`]: 1 }) };
};
const cpu: Record<string, number[]> = {};
for (let r = 0; r <= ROUNDS; r += 1) {
  for (const kind of kinds) {
    const before = process.cpuUsage();
    for (let i = 0; i < N; i += 1) {
      const out = await app.inject(request(kind));
      if (out.statusCode !== 200) throw new Error(`${kind}: ${out.statusCode} ${out.body}`);
    }
    const used = process.cpuUsage(before);
    // Round 0 warms the code up.
    if (r > 0) (cpu[kind] ??= []).push((used.user + used.system) / N);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
console.log(Object.entries(cpu).map(([kind, values]) => `${kind}: ${median(values).toFixed(0)} us CPU (min ${Math.min(...values).toFixed(0)})`).join('\n'));
await app.close();
await db.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
