// `npm run bench -- --reminders [--postgres]` (or `npx tsx scripts/bench/reminders.mts [<database url>]`): the daily
// reminder's minute tick (issue #42) through the app itself, with a push sender that answers at once (no network):
// one tick for REMINDER_BENCH_TOTAL learners (100,000) of whom none is due, several times, then one tick with
// REMINDER_BENCH_DUE (10,000) of them due at once. Target: a tick that finds nobody due is one indexed read, under 50 ms.
// Small numbers check that it runs: REMINDER_BENCH_TOTAL=200 REMINDER_BENCH_DUE=20.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/src/app.ts';

const TOTAL = Number(process.env.REMINDER_BENCH_TOTAL ?? 100_000);
const DUE = Math.min(TOTAL, Number(process.env.REMINDER_BENCH_DUE ?? 10_000));
const IDLE_TICKS = 9;
const TARGET_IDLE_MS = 50;
const BATCH = 500;

let dir: string | null = null;
let databaseUrl = process.argv[2];
if (!databaseUrl) {
  dir = mkdtempSync(join(tmpdir(), 'bench-reminders-'));
  databaseUrl = `sqlite:${join(dir, 'bench.db')}`;
}

let sends = 0;
const app = await buildApp({
  databaseUrl,
  production: true,
  logger: { level: 'warn' },
  spaDir: null,
  push: { scheduler: false, send: async () => (sends++, 'sent') },
});
const db = app.db;
const now = Date.now();
const later = now + 60 * 60_000;

try {
  console.log(`seeding ${TOTAL.toLocaleString('en')} learners with a reminder on, one device each (${databaseUrl.replace(/:\/\/[^@]*@/, '://')})`);
  const seeded = Date.now();
  for (let first = 0; first < TOTAL; first += BATCH) {
    const count = Math.min(BATCH, TOTAL - first);
    const emails = Array.from({ length: count }, (_, i) => `reminder-${first + i}@example.test`);
    const ids = await db
      .insertInto('users')
      .values(emails.map((email) => ({ email, password_hash: 'x', current_language: 'Spanish', created_at: now })))
      .returning('id')
      .execute();
    await db
      .insertInto('reminders')
      .values(ids.map(({ id }) => ({ user_id: id, enabled: 1, time: '20:00', time_zone: 'Europe/Berlin', skip_when_goal_met: 1, next_due_at: later, last_sent_day: null })))
      .execute();
    await db
      .insertInto('push_subscriptions')
      .values(ids.map(({ id }) => ({ user_id: id, endpoint: `https://push.example.org/${id}`, p256dh: 'p', auth: 'a', created_at: now })))
      .execute();
  }
  console.log(`seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s; load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  const idle: number[] = [];
  for (let i = 0; i < IDLE_TICKS; i++) {
    const start = performance.now();
    const result = await app.reminders.tick(new Date(now));
    idle.push(performance.now() - start);
    if (result.due !== 0) throw new Error(`a tick with nobody due found ${result.due}`);
  }
  idle.sort((a, b) => a - b);
  const idleMedian = idle[Math.floor(idle.length / 2)];

  // DUE of them due a minute ago (20:00 in Berlin has just come for them).
  const dueIds = (await db.selectFrom('reminders').select('user_id').orderBy('user_id').limit(DUE).execute()).map((r) => r.user_id);
  for (let i = 0; i < dueIds.length; i += BATCH) {
    await db.updateTable('reminders').set({ next_due_at: now - 60_000 }).where('user_id', 'in', dueIds.slice(i, i + BATCH)).execute();
  }
  const start = performance.now();
  const result = await app.reminders.tick(new Date(now));
  const dueMs = performance.now() - start;

  console.log(`\n| tick | learners with a reminder | due | time |`);
  console.log(`|---|---|---|---|`);
  console.log(`| nobody due (median of ${IDLE_TICKS}) | ${TOTAL.toLocaleString('en')} | 0 | ${idleMedian.toFixed(1)} ms |`);
  console.log(`| all due at once | ${TOTAL.toLocaleString('en')} | ${DUE.toLocaleString('en')} | ${dueMs.toFixed(0)} ms (${((dueMs * 1000) / Math.max(1, DUE)).toFixed(0)} µs a learner) |`);
  const ok = result.claimed === DUE && sends === DUE;
  console.log(`${ok ? 'PASS' : 'MISS'}  the due tick claimed ${result.claimed} and sent ${sends} of ${DUE}`);
  console.log(`${idleMedian < TARGET_IDLE_MS ? 'PASS' : 'MISS'}  a tick that finds nobody due: ${idleMedian.toFixed(1)} ms (< ${TARGET_IDLE_MS} ms)`);
  process.exitCode = ok && idleMedian < TARGET_IDLE_MS ? 0 : 1;
} finally {
  await app.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
