// `npx tsx scripts/bench/inject-add.mts [<checkout>]`: server CPU per add (POST /api/user/daily-activity with
// an Idempotency-Key, the app's own call) through app.inject (no sockets, no load generator), beside the
// durable-write floor's work (one better-sqlite3 upsert in a transaction, WAL, synchronous=FULL) in the
// same process: 5 rounds after a warm-up, medians. Run it on this checkout and an older one to compare.
// PROFILE=1: then one more round of adds under the V8 profiler (that window only), its self and inclusive time printed.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQLite } from './util.mjs';

const root = process.argv[2] ?? new URL('../..', import.meta.url).pathname;
const { buildApp } = await import(`${root}/server/src/app.ts`);
const { openDatabase, seedLearners, sessionCookie, benchPasswordHash } = await import('./seed.mjs');
const dir = mkdtempSync(join(tmpdir(), 'inject-add-'));
const url = `sqlite:${join(dir, 'i.db')}`;
const app = await buildApp({ databaseUrl: url, production: true, logger: { level: 'warn' }, spaDir: null });
const db = await openDatabase(url);
const today = new Date().toISOString().slice(0, 10);
await seedLearners(db, { prefix: 'learner', first: 1, last: 8, languages: ['Spanish'], days: 90, passwordHash: await benchPasswordHash(), today });
const cookies = Array.from({ length: 8 }, (_, i) => sessionCookie('learner', i + 1));
// Keyed adds may name a day up to a week back: the adds go round 8 learners, 7 days and 4 skills, so no day nears its limits.
const days = Array.from({ length: 7 }, (_, i) => new Date(Date.now() - i * 864e5).toISOString().slice(0, 10));
const skills = ['readingDailyMins', 'listeningDailyMins', 'speakingDailyMins', 'writingDailyMins'];
let turn = 0;

const floorDb = new SQLite(join(dir, 'floor.db'));
floorDb.pragma('journal_mode = WAL');
floorDb.pragma('synchronous = FULL');
floorDb.exec('CREATE TABLE counters (user_id INTEGER PRIMARY KEY, minutes INTEGER NOT NULL)');
const upsert = floorDb.prepare('INSERT INTO counters (user_id, minutes) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET minutes = minutes + excluded.minutes');
const write = floorDb.transaction((userId: number, minutes: number) => upsert.run(userId, minutes));

const N = Number(process.env.N ?? 300);
const add = async () => {
  turn += 1;
  const out = await app.inject({
    method: 'POST',
    url: '/api/user/daily-activity',
    headers: { cookie: cookies[turn % 8], 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
    payload: JSON.stringify({ date: days[Math.floor(turn / 8) % 7], [skills[Math.floor(turn / 56) % 4]]: 1 }),
  });
  if (out.statusCode >= 300) throw new Error(`${out.statusCode} ${out.body}`);
};
const kinds = {
  add: async () => { for (let i = 0; i < N; i++) await add(); },
  floor: async () => { for (let i = 0; i < N; i++) write(1, 1); },
};
const cpu: Record<string, number[]> = {};
const wall: Record<string, number[]> = {};
for (let r = 0; r < 6; r++) for (const [name, run] of Object.entries(kinds)) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await run();
  const c = process.cpuUsage(c0);
  if (r > 0) {
    (cpu[name] ??= []).push((c.user + c.system) / N);
    (wall[name] ??= []).push(((performance.now() - t0) * 1000) / N);
  }
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1];
console.log(`${root}: per add ${med(cpu.add).toFixed(0)} us CPU, ${med(wall.add).toFixed(0)} us wall; floor upsert ${med(cpu.floor).toFixed(0)} us CPU, ${med(wall.floor).toFixed(0)} us wall; add at ${((100 * med(wall.floor)) / med(wall.add)).toFixed(1)} % of the floor (wall)`);
if (process.env.PROFILE) {
  const { Session } = await import('node:inspector/promises');
  const { summariseProfile } = await import('./cpu.mjs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 50 });
  await session.post('Profiler.start');
  await kinds.add();
  const { profile } = await session.post('Profiler.stop');
  const summary = summariseProfile(profile, 45);
  console.log('self by owner', summary.owners);
  console.log('self', summary.functions);
  console.log('inclusive', summary.inclusive);
}
await app.close();
await db.close();
floorDb.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
