/**
 * Measures the password-reset request for a known and an unknown address (POST /api/auth/password-reset
 * via app.inject, SQLite): the median time of 30 of each, alternated, after a warm-up. The request
 * should cost the same either way (same database work): the medians should be within 10 %.
 * Run: npx tsx scripts/reset-timing.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../server/src/app';

const ROUNDS = 30;
const dir = mkdtempSync(join(tmpdir(), 'reset-timing-'));
const app = await buildApp({
  databaseUrl: `sqlite:${join(dir, 'timing.db')}`,
  logger: false,
  spaDir: null,
  passwordHashCost: { N: 2 ** 12, r: 8, p: 1 },
  rateLimit: { loginPerIpPerWindow: 1000, loginPerAccountPerWindow: 1000, windowMs: 60_000, loginFailuresPerIpPerMinute: 1000, signupsPerIpPerHour: 1000 },
  push: { scheduler: false },
  // A mail server that is not there: sending happens after the answer and fails quietly.
  mail: { smtpUrl: 'smtp://127.0.0.1:9', publicUrl: 'http://localhost:3000' },
});
try {
  const known: string[] = [];
  for (let i = 0; i < ROUNDS + 5; i++) {
    const email = `known${i}@example.com`;
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: 'correct horse battery' } });
    if (res.statusCode !== 201) throw new Error(res.body);
    known.push(email);
  }
  let address = 0;
  const request = async (email: string) => {
    // Each request alone: the mail handed over after the last answer does not land in this one's time.
    await sleep(20);
    address += 1;
    const start = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/auth/password-reset', remoteAddress: `10.0.${address >> 8}.${address & 255}`, payload: { email } });
    const ms = performance.now() - start;
    if (res.statusCode !== 202) throw new Error(res.body);
    return ms;
  };
  for (let i = 0; i < 5; i++) {
    await request(known[ROUNDS + i]);
    await request(`warm${i}@example.com`);
  }
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    times.known.push(await request(known[i]));
    times.unknown.push(await request(`nobody${i}@example.com`));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const [k, u] = [median(times.known), median(times.unknown)];
  console.log(`known: median ${k.toFixed(3)} ms; unknown: median ${u.toFixed(3)} ms; difference ${((Math.abs(k - u) / Math.min(k, u)) * 100).toFixed(1)} %`);
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
