// `npx tsx scripts/bench/inject-tokens.mts [<checkout>]`: the server's CPU per call of
// `GET /api/user/progress` with the session cookie and with a bearer token (issue #43), through
// app.inject (no sockets, no load generator): rounds alternate cookie and bearer, medians. The bearer
// calls take USED (500) of the bench's read tokens in turn, CALLS_PER_TOKEN (70) calls each per minute
// of the app's clock (the clock moves a minute on), about as `npm run bench -- --tokens` uses them;
// the cookie calls as many of the learner's sessions in turn.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const root = process.argv[2] ?? new URL('../..', import.meta.url).pathname;
const { buildApp } = await import(`${root}/server/src/app.ts`);
const { openDatabase, seedLearners, sessionCookie, benchPasswordHash } = await import('./seed.mjs');
const { seedTokens, secretOf, benchSessionCookie } = await import('./tokens.mjs');
const dir = mkdtempSync(join(tmpdir(), 'inject-tokens-'));
const url = `sqlite:${join(dir, 'i.db')}`;
let clock = Date.now();
const app = await buildApp({ databaseUrl: url, production: true, logger: { level: 'warn' }, spaDir: null, now: () => new Date(clock) });
const db = await openDatabase(url);
await seedLearners(db, { prefix: 'learner', first: 1, last: 1, languages: ['Spanish'], days: 90, passwordHash: await benchPasswordHash(), today: new Date().toISOString().slice(0, 10) });
await seedTokens(db, 'learner-1@example.test');
const cookie = sessionCookie('learner', 1);
const N = Number(process.env.N ?? 10_000);
const PER_TOKEN = Number(process.env.CALLS_PER_TOKEN ?? 70);
const USED = Number(process.env.USED ?? 500);
let call = 0;
let cookieCall = 0;
// Made once: the harness runs in the server's process, whose CPU is measured.
const bearers = Array.from({ length: USED }, (_, n) => ({ authorization: `Bearer ${secretOf(n)}` }));
const cookies = Array.from({ length: USED }, (_, n) => ({ cookie: process.env.BENCH_ONE_SESSION === '1' ? cookie : benchSessionCookie(n) }));
const ONLY = process.env.ONLY;
const headers = {
  // As many sessions of the learner in turn as tokens (BENCH_ONE_SESSION=1: the one session).
  cookie: () => cookies[cookieCall++ % USED],
  bearer: () => {
    call += 1;
    if (call % (USED * PER_TOKEN) === 0) clock += 61_000;
    return bearers[call % USED];
  },
};
const res: Record<string, number[]> = {};
for (let r = 0; r < 8; r++) {
  for (const [name, header] of Object.entries(headers).filter(([n]) => !ONLY || n === ONLY)) {
    const t = process.cpuUsage();
    for (let i = 0; i < N; i++) {
      const out = await app.inject({ method: 'GET', url: '/api/user/progress', headers: header() });
      if (out.statusCode !== 200) throw new Error(`${name}: ${out.statusCode} ${out.body}`);
    }
    const c = process.cpuUsage(t);
    if (r > 0) (res[name] ??= []).push((c.user + c.system) / N);
  }
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1];
console.log(root, Object.entries(res).map(([k, v]) => `${k} median ${med(v).toFixed(1)}us min ${Math.min(...v).toFixed(1)}us [${v.map((x) => x.toFixed(0)).join(' ')}]`).join('  '), res.bearer && res.cookie ? `bearer/cookie CPU ${(med(res.bearer) / med(res.cookie)).toFixed(2)}` : "");
await app.close();
await db.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
