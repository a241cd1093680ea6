// `npx tsx scripts/bench/inject-cpu.mts [<checkout>]`: server CPU per request of the dashboard reads through
// app.inject (no sockets, no load generator in the picture), 5 rounds alternating the routes,
// medians. Run it alternately on this checkout and an older one to compare code (docs/PERFORMANCE.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const root = process.argv[2] ?? new URL('../..', import.meta.url).pathname;
const { buildApp } = await import(`${root}/server/src/app.ts`);
const { openDatabase, seedLearners, sessionCookie, benchPasswordHash } = await import('./seed.mjs');
const dir = mkdtempSync(join(tmpdir(), 'inject-'));
const url = `sqlite:${join(dir, 'i.db')}`;
const app = await buildApp({ databaseUrl: url, production: true, logger: { level: 'warn' }, spaDir: null });
const db = await openDatabase(url);
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 864e5).toISOString().slice(0, 10);
await seedLearners(db, { prefix: 'learner', first: 1, last: 8, languages: ['Spanish'], days: 90, passwordHash: await benchPasswordHash(), today });
const cookie = sessionCookie('learner', 1);
const routes = { check: '/api/auth/check', progress: '/api/user/progress', day: `/api/user/daily-activity?date=${yesterday}`, month: `/api/user/calendar/month-total?today=${today}` };
const N = Number(process.env.N ?? 3000);
const res: Record<string, number[]> = {};
for (let r = 0; r < 6; r++) for (const [name, url] of Object.entries(routes)) {
  const t = process.cpuUsage();
  for (let i = 0; i < N; i++) { const out = await app.inject({ method: 'GET', url, headers: { cookie } }); if (out.statusCode !== 200) throw new Error(out.body); }
  const c = process.cpuUsage(t);
  if (r > 0) (res[name] ??= []).push((c.user + c.system) / N);
}
const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1];
console.log(root, Object.entries(res).map(([k, v]) => `${k} ${med(v).toFixed(1)}us`).join('  '));
await app.close();
await db.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
