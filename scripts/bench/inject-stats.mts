// `npx tsx scripts/bench/inject-stats.mts [<checkout>]`: server CPU per request of GET /api/user/stats
// (12 weeks, 12 months) for the Insights bench's 1-month, 1-year and 10-year learners, through app.inject
// (no sockets, no load generator), rounds alternating learners and reads, medians. One core only, so a
// figure to take on a busy machine beside `npm run bench -- --insights`; run it on this checkout and an
// older one (`git archive <commit> | tar -x -C /tmp/before`, node_modules linked) to compare code.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
const root = process.argv[2] ?? new URL('../..', import.meta.url).pathname;
const { buildApp } = await import(`${root}/server/src/app.ts`);
const { openDatabase, seedLearners, sessionCookie, benchPasswordHash } = await import('./seed.mjs');
const { seedDailyGoalChanges, statsReads } = await import('./stats.mjs');
const dir = mkdtempSync(join(tmpdir(), 'inject-stats-'));
const url = `sqlite:${join(dir, 'i.db')}`;
const app = await buildApp({ databaseUrl: url, production: true, logger: { level: 'warn' }, spaDir: null });
const db = await openDatabase(url);
const today = new Date().toISOString().slice(0, 10);
const passwordHash = await benchPasswordHash();
const seed = (prefix: string, days: number, languages = ['Spanish']) => seedLearners(db, { prefix, first: 1, last: 1, languages, days, passwordHash, today });
await seed('month', 30);
await seed('year', 365);
await seed('long', 3650, ['Spanish', 'French']);
await seedDailyGoalChanges(db, 'long-1@example.test', 'French', 3650, today);
const learners = { month: { cookie: sessionCookie('month', 1), query: '' }, year: { cookie: sessionCookie('year', 1), query: '' }, decade: { cookie: sessionCookie('long', 1), query: '&language=French' }, decadeSpanish: { cookie: sessionCookie('long', 1), query: '' } };
const N = Number(process.env.N ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 9);
const cpu: Record<string, number[]> = {};
for (let r = 0; r < ROUNDS; r++) {
  for (const read of statsReads(today)) {
    // The order turns each round, so whatever one learner's requests leave behind (garbage) falls on each alike.
    const order = Object.entries(learners);
    for (const [label, learner] of [...order.slice(r % order.length), ...order.slice(0, r % order.length)]) {
      const start = process.cpuUsage();
      for (let i = 0; i < N; i++) {
        const out = await app.inject({ method: 'GET', url: `${read.path}${learner.query}`, headers: { cookie: learner.cookie } });
        if (out.statusCode !== 200) throw new Error(out.body);
      }
      const used = process.cpuUsage(start);
      // The first round warms up (and fills whatever the code remembers).
      if (r > 0) (cpu[`${read.name}|${label}`] ??= []).push((used.user + used.system) / N);
    }
  }
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1];
console.log(`${root}: ${N} requests x ${ROUNDS - 1} rounds per figure, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (const read of statsReads(today)) {
  const m = (label: string) => median(cpu[`${read.name}|${label}`]);
  console.log(
    `${read.name}: CPU per request 1 month ${m('month').toFixed(0)} us, 1 year ${m('year').toFixed(0)} us, 10 years ${m('decade').toFixed(0)} us; ` +
      `10 years / 1 month x${(m('decade') / m('month')).toFixed(2)}, 10 years / 1 year x${(m('decade') / m('year')).toFixed(2)}; ` +
      `10 years of Spanish (its current language, one goal, no ?language=) ${m('decadeSpanish').toFixed(0)} us, x${(m('decadeSpanish') / m('month')).toFixed(2)}`,
  );
}
await app.close();
await db.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
