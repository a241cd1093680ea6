/**
 * `npm run test:deploy`: production as docs/DEPLOY.md sets it up, on this machine. nginx (TLS,
 * HTTP/2, deploy/nginx/lingualog.conf) in front of two production processes on one PostgreSQL 15,
 * checked through https in Chromium and an HTTP/2 client; the rolling restart and the backup are
 * deploy/'s own scripts. Needs `npm run build` first (done here when dist/ is missing; the server's
 * part is rebuilt when its sources changed).
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium } from '@playwright/test';
import { startPostgres } from '../e2e/support/postgres';
import { repoRoot } from '../e2e/support/server';
import { Learner } from './client';
import { tableDigests } from './digests';
import { CHROMIUM, missingTools, startTopology, toolEnv, type Topology } from './topology';
import { addStream } from './stream';

const PASSWORD = 'deploy check 42';
const missing = missingTools();
if (missing.length > 0 && process.env.CI === 'true') throw new Error(`test:deploy needs ${missing.join(', ')}`);
const skip = missing.length > 0 ? `missing ${missing.join(', ')}` : false;
if (skip) console.log(`test:deploy SKIPPED: ${skip}`);

let site: Topology;
const learners: Learner[] = [];

async function signUp(localAddress?: string): Promise<Learner> {
  const learner = new Learner(site.origin, site.ca, localAddress);
  const email = `deploy-${randomUUID()}@example.com`;
  const answer = await learner.request('POST', '/api/auth/register', { email, password: PASSWORD });
  assert.equal(answer.status, 201, answer.body);
  assert.equal((await learner.request('POST', '/api/user/language', { name: 'Spanish' })).status, 200);
  learners.push(learner);
  return learner;
}

before(async () => {
  if (skip) return;
  if (!existsSync(join(repoRoot, 'dist', 'index.html'))) execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  // The unit runs the built server (dist/server): rebuilt when its sources are newer.
  else execFileSync(process.execPath, ['scripts/ensure-build.mjs', '--server'], { cwd: repoRoot, stdio: 'inherit' });
  // Sign-in attempts per address are few here so that the limit is reached in a handful of tries.
  site = await startTopology({ RATE_LIMIT_PER_IP: '3', RATE_LIMIT_SIGNUP_PER_IP: '100', SERVE_SPA: join(repoRoot, 'dist') });
});

after(async () => {
  for (const learner of learners) learner.close();
  await site?.stop();
});

test('sign-up, the dashboard and an add through https: __Host-sid Secure, HSTS, the reads on one HTTP/2 connection', { skip }, async () => {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const answer = await page.request.post(`${site.origin}/api/auth/register`, { data: { email: `deploy-${randomUUID()}@example.com`, password: PASSWORD } });
    assert.equal(answer.status(), 201, await answer.text());
    assert.equal((await page.request.post(`${site.origin}/api/user/language`, { data: { name: 'Spanish' } })).status(), 200);
    const [cookie] = (await context.cookies()).filter((c) => c.name === '__Host-sid');
    assert.ok(cookie, 'the session cookie is __Host-sid');
    assert.equal(cookie.secure, true);
    assert.equal(cookie.httpOnly, true);

    const cdp = await context.newCDPSession(page);
    const reads: { url: string; protocol?: string; connectionId: number }[] = [];
    cdp.on('Network.responseReceived', ({ response }) => {
      if (new URL(response.url).pathname.startsWith('/api/user')) reads.push({ url: response.url, protocol: response.protocol, connectionId: response.connectionId });
    });
    await cdp.send('Network.enable');
    const dashboard = await page.goto(`${site.origin}/dashboard`, { timeout: 60_000 });
    assert.equal(dashboard?.status(), 200);
    assert.match((await dashboard?.allHeaders())?.['strict-transport-security'] ?? '', /max-age=31536000/);
    // The page brings its first answers (#32); the reads the app makes next leave together.
    assert.match((await dashboard?.text()) ?? '', /id="first-answers"/);
    const statuses = await page.evaluate(() =>
      Promise.all(
        ['progress', 'daily-goal', 'milestones', 'rest-days', 'previous-time', 'timer', 'day-boundary'].map((path) =>
          fetch(`/api/user/${path}`).then((r) => r.status),
        ),
      ),
    );
    assert.deepEqual([...new Set(statuses)], [200]);
    // DevTools reports a response a moment after the page has it.
    for (let waited = 0; waited < 5_000 && reads.length < 7; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(reads.length >= 7, `the page's reads went through nginx (${reads.length})`);
    assert.deepEqual([...new Set(reads.map((r) => r.protocol))], ['h2']);
    assert.equal(new Set(reads.map((r) => r.connectionId)).size, 1, 'one connection carries every read');

    const today = new Date().toISOString().slice(0, 10);
    const added = await page.evaluate(async (date) => {
      const res = await fetch('/api/user/daily-activity', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ date, speakingDailyMins: 20 }),
      });
      return { status: res.status, body: await res.json() };
    }, today);
    assert.equal(added.status, 200);
    assert.equal(added.body.speakingDailyMins, 20);
  } finally {
    await browser.close();
  }
});

test('hashed assets come from nginx cached for a year as immutable; HTML is revalidated', { skip }, async () => {
  const visitor = new Learner(site.origin, site.ca);
  try {
    const asset = readdirSync(join(repoRoot, 'dist/assets')).find((name) => name.endsWith('.js') && existsSync(join(repoRoot, 'dist/assets', `${name}.gz`)));
    const file = await visitor.request('GET', `/assets/${asset}`, undefined, { 'accept-encoding': 'gzip' });
    assert.equal(file.status, 200);
    assert.equal(file.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(file.headers['content-encoding'], 'gzip', 'the copy compressed at build time');
    assert.equal((await visitor.request('GET', '/assets/missing-0000.js')).status, 404);

    const landing = await visitor.request('GET', '/');
    assert.equal(landing.status, 200);
    assert.equal(landing.headers['cache-control'], 'no-cache');
    const etag = String(landing.headers.etag);
    assert.equal((await visitor.request('GET', '/', undefined, { 'if-none-match': etag })).status, 304);
  } finally {
    visitor.close();
  }
});

test('the sign-in limit counts the client address, and a forged X-Forwarded-For does not move it', { skip }, async () => {
  const attempt = (client: Learner, forged: string) =>
    client.request('POST', '/api/auth/login', { email: `nobody-${randomUUID()}@example.com`, password: PASSWORD }, { 'x-forwarded-for': forged });
  const client = new Learner(site.origin, site.ca, '127.0.0.2');
  const neighbour = new Learner(site.origin, site.ca, '127.0.0.3');
  try {
    for (let i = 1; i <= 3; i += 1) assert.equal((await attempt(client, `198.51.100.${i}`)).status, 401);
    assert.equal((await attempt(client, '198.51.100.99')).status, 429, 'the fourth attempt from one address is refused whatever it forges');
    assert.equal((await attempt(neighbour, '127.0.0.2')).status, 401, 'another address (not nginx’s own) still has its attempts');
  } finally {
    client.close();
    neighbour.close();
  }
});

/** Whether a TLS 1.2 handshake with nginx succeeds offering only `cipher` (the client side allows any, SECLEVEL 0). */
function handshakes(cipher: string): { ok: boolean; output: string } {
  const { port } = new URL(site.origin);
  const args = ['s_client', '-connect', `127.0.0.1:${port}`, '-tls1_2', '-cipher', `${cipher}:@SECLEVEL=0`];
  try {
    const output = execFileSync('openssl', args, { input: '', encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'], timeout: 10_000 });
    return { ok: /Cipher is (?!\(NONE\))/.test(output), output };
  } catch (error) {
    return { ok: false, output: String((error as { stdout?: string }).stdout ?? '') };
  }
}

test("TLS is Mozilla's intermediate: over TLS 1.2 only ECDHE with AEAD ciphers, and no session tickets", { skip }, () => {
  const fs = handshakes('ECDHE-RSA-AES128-GCM-SHA256');
  assert.ok(fs.ok, 'an ECDHE-GCM cipher (forward secrecy, AEAD) is accepted');
  assert.doesNotMatch(fs.output, /TLS session ticket:/, 'no session ticket (its key would never rotate)');
  assert.ok(handshakes('ECDHE-RSA-CHACHA20-POLY1305').ok, 'ChaCha20-Poly1305 is accepted');
  for (const [family, cipher] of [
    ['CBC with SHA-1', 'ECDHE-RSA-AES128-SHA'],
    ['CBC with SHA-256', 'ECDHE-RSA-AES128-SHA256'],
    ['no forward secrecy (RSA key exchange)', 'AES128-GCM-SHA256'],
    ['no forward secrecy, CBC with SHA-1', 'AES256-SHA'],
  ]) {
    assert.equal(handshakes(cipher).ok, false, `${family} (${cipher}) is refused`);
  }
});

test("nginx shows no version; X-Forwarded-Host is nginx's own, so a forged one cannot pass a write's Origin check", { skip }, async () => {
  const visitor = new Learner(site.origin, site.ca);
  try {
    const missing = await visitor.request('GET', '/assets/missing-0000.js');
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.server, 'nginx');
    assert.doesNotMatch(missing.body, /nginx\/\d/);
  } finally {
    visitor.close();
  }
  const learner = await signUp();
  const forged = await learner.request('POST', '/api/user/daily-goal', { dailyGoalMinutes: 30, date: new Date().toISOString().slice(0, 10) }, {
    origin: 'https://evil.example',
    'x-forwarded-host': 'evil.example',
  });
  assert.equal(forged.status, 403, forged.body);
  assert.equal(JSON.parse(forged.body).error, 'FORBIDDEN_ORIGIN');
  const own = await learner.request('GET', '/api/auth/check', undefined, { 'x-forwarded-host': 'evil.example' });
  assert.equal(own.status, 200, 'the header changes nothing for a request of our own origin');
});

test('port 80 redirects to the configured server name, whatever Host the request names', { skip }, () => {
  const location = execFileSync('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code} %{redirect_url}', '-H', 'Host: evil.example', `${site.httpOrigin}/dashboard?tab=1`], { encoding: 'utf8' });
  assert.equal(location, '301 https://lingualog.example.org/dashboard?tab=1');
});

test("a body past nginx's limit is the API's JSON 413, on a call (16 KiB) and on the import (5 MiB)", { skip }, async () => {
  const learner = await signUp();
  const date = new Date().toISOString().slice(0, 10);
  const call = await learner.request('POST', '/api/user/daily-goal', { dailyGoalMinutes: 30, date, pad: 'x'.repeat(20_000) });
  const add = await learner.request('POST', '/api/user/daily-activity', { date, readingDailyMins: 5, pad: 'x'.repeat(20_000) }, { 'idempotency-key': randomUUID() });
  const file = await learner.request('POST', '/api/user/import', { source: 'lingualog-csv', mode: 'merge', content: 'x'.repeat(5.5 * 1024 * 1024) });
  for (const answer of [call, add, file]) {
    assert.equal(answer.status, 413, answer.body.slice(0, 200));
    assert.match(String(answer.headers['content-type']), /^application\/json/);
    assert.deepEqual(JSON.parse(answer.body), { error: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' });
  }
  // Within the limits the servers still judge: a 3 MiB import reaches them.
  const within = await learner.request('POST', '/api/user/import', { source: 'lingualog-csv', mode: 'merge', dryRun: true, content: `language,date\n${'x'.repeat(3 * 1024 * 1024)}` });
  assert.equal(within.status, 400, within.body.slice(0, 200));
  assert.equal(JSON.parse(within.body).error, 'INVALID_IMPORT');
});

test('a rolling restart during a stream of adds: nobody signed out, no request failed, exact totals', { skip }, async () => {
  const stream = await Promise.all([1, 2, 3, 4].map(() => signUp()));
  const running = addStream(stream);
  // Asynchronously: the learners keep adding while the script restarts the processes.
  await promisify(execFile)(join(repoRoot, 'deploy/rolling-restart.sh'), site.ports.map(String), {
    cwd: repoRoot,
    env: { ...toolEnv(site.runDir), LINGUALOG_CTL: join(repoRoot, 'test/deploy/ctl.sh') },
  });
  const results = await running.stop();
  const total = results.reduce((sum, r) => sum + r.acknowledgedMinutes, 0);
  assert.ok(total >= 200, `the stream really ran during the restart (${total} adds)`);
  console.log(`rolling restart: ${total} adds (half of them keyed) acknowledged by ${results.length} learners, each followed by a read`);
  for (const [i, result] of results.entries()) {
    assert.deepEqual(result.failures, [], `learner ${i + 1}: every request answered`);
    assert.ok(result.acknowledgedMinutes > 0);
    const day = await stream[i].request('GET', `/api/user/daily-activity?date=${result.date}`);
    const minutes = JSON.parse(day.body);
    const stored = minutes.listeningDailyMins + minutes.readingDailyMins + minutes.speakingDailyMins + minutes.writingDailyMins;
    assert.equal(stored, result.acknowledgedMinutes, `learner ${i + 1}: every acknowledged minute stored, none twice`);
    assert.equal((await stream[i].request('GET', '/api/auth/check')).status, 200, 'still signed in');
  }
});

test('kill -9 of one process: the next requests are answered by the other', { skip }, async () => {
  const [learner] = learners;
  const [, victim] = site.ports;
  process.kill(site.pidOf(victim), 'SIGKILL');
  const date = new Date().toISOString().slice(0, 10);
  for (let i = 0; i < 10; i += 1) {
    assert.equal((await learner.request('GET', '/api/user/progress')).status, 200);
    const add = await learner.request('POST', '/api/user/daily-activity', { date, writingDailyMins: 1 }, { 'idempotency-key': randomUUID() });
    assert.equal(add.status, 200, add.body);
  }
  site.ctl('start', victim);
  await site.waitHealthy(victim);
});

test("a backup taken with deploy/backup.sh restores into a fresh cluster with every learner's data", { skip }, async () => {
  const env = { ...toolEnv(site.runDir), DATABASE_URL: site.databaseUrl, BACKUP_DIR: join(site.runDir, 'backups') };
  const dump = execFileSync(join(repoRoot, 'deploy/backup.sh'), { env, encoding: 'utf8' }).trim();
  const fresh = await startPostgres();
  try {
    execFileSync(join(repoRoot, 'deploy/restore.sh'), [dump, fresh.databaseUrl], { env, stdio: 'pipe' });
    const original = tableDigests(site.databaseUrl);
    assert.ok(Number(original.get('users:rows')) >= learners.length + 1, 'the learners are in the backup');
    assert.deepEqual(tableDigests(fresh.databaseUrl), original);
  } finally {
    await fresh.stop();
  }
});
