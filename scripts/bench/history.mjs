// Issue #9, "years of history at constant cost": the API bytes of a dashboard load and of one add
// with its refetches, measured in a real Chromium for a 1-month and a 10-year learner; and the
// hostile case, where one account holds everything the rules allow and loops its most expensive
// read while another learner's sign-in check is timed.
import { chromium } from '@playwright/test';
import { Agent, get } from 'node:http';
import { onCleanup } from './processes.mjs';
import { round, table } from './util.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const QUIET_MS = 1500;
const HOSTILE_SECONDS = Number(process.env.BENCH_HOSTILE_SECONDS ?? 8);

/** Sums the bytes of every /api/ answer while `action` runs and until the network is quiet. */
async function apiTraffic(page, action) {
  const seen = [];
  let pending = 0;
  let lastChange = Date.now();
  const onRequest = (req) => {
    if (req.url().includes('/api/')) {
      pending += 1;
      lastChange = Date.now();
    }
  };
  const onDone = async (req) => {
    if (!req.url().includes('/api/')) return;
    const response = await req.response();
    const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
    const url = new URL(req.url());
    seen.push({ path: `${req.method()} ${url.pathname}${url.search}`, bytes: body.length });
    pending -= 1;
    lastChange = Date.now();
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  await action();
  while (pending > 0 || Date.now() - lastChange < QUIET_MS) await page.waitForTimeout(100);
  page.off('request', onRequest);
  page.off('requestfinished', onDone);
  page.off('requestfailed', onDone);
  return { requests: seen.length, bytes: seen.reduce((sum, r) => sum + r.bytes, 0), calls: seen };
}

/** A dashboard load at desktop width, then one add of 5 reading minutes through the add modal. */
export async function dashboardTraffic(baseUrl, cookies) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  onCleanup(() => browser.close());
  const rows = [];
  try {
    for (const [label, cookie] of cookies) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      // Sent as a header: the production cookie is __Host-sid, which a browser only stores from https.
      await context.setExtraHTTPHeaders({ cookie });
      const page = await context.newPage();
      const load = await apiTraffic(page, async () => {
        await page.goto(`${baseUrl}/dashboard`);
        await page.getByRole('table').waitFor();
      });
      const add = await apiTraffic(page, async () => {
        await page.getByRole('button', { name: 'Reading Time' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add Reading Time' });
        await dialog.getByLabel('Minutes').fill('5');
        await dialog.getByRole('button', { name: 'Add' }).click();
        await dialog.waitFor({ state: 'detached' });
      });
      rows.push({ label, load, add });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

export function trafficTable(rows) {
  return table([
    ['', 'dashboard load: requests', 'KB', 'one add: requests', 'KB'],
    ...rows.map((r) => [r.label, r.load.requests, round(r.load.bytes / 1024, 1), r.add.requests, round(r.add.bytes / 1024, 1)]),
  ]);
}

/** The add's refetches, one line each, so a duplicate (e.g. the month total twice) shows. */
export const callList = (calls) => calls.map((c) => `  ${c.path} (${c.bytes} B)`).join('\n');

/** GET over `agent` (keep-alive, one socket), resolving with status and body size once it is read. */
function fetchOn(agent, url, cookie) {
  return new Promise((resolve, reject) => {
    get(url, { agent, headers: { cookie } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const oneSocket = () => new Agent({ keepAlive: true, maxSockets: 1 });

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The slowest of a few single requests, one after another: how long one of them can hold the server. */
export async function singleRequestCost(url, cookie, times = 5) {
  const agent = oneSocket();
  const runs = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    const res = await fetchOn(agent, url, cookie);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    runs.push({ ms: performance.now() - started, bytes: res.bytes });
  }
  agent.destroy();
  return { maxMs: Math.max(...runs.map((r) => r.ms)), medianMs: runs.map((r) => r.ms).sort((a, b) => a - b)[Math.floor(times / 2)], bytes: runs[0].bytes };
}

/** Another learner's reads timed one after another for HOSTILE_SECONDS, while `attack` (if any) runs. */
async function timeVictim(victimUrl, victimCookie, attack) {
  let stop = false;
  const attacker = attack ? attack(() => stop) : Promise.resolve(0);
  const latencies = [];
  const agent = oneSocket();
  const until = Date.now() + HOSTILE_SECONDS * 1000;
  while (Date.now() < until) {
    const started = performance.now();
    await fetchOn(agent, victimUrl, victimCookie);
    latencies.push(performance.now() - started);
  }
  stop = true;
  const loops = await attacker;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { samples: latencies.length, loops, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) };
}

/**
 * The victim's latency alone (what the machine gives at the moment), then while the hostile
 * account loops `hostileUrl` on one keep-alive connection as fast as it is answered.
 */
export async function hostileLoop(hostileUrl, hostileCookie, victimUrl, victimCookie) {
  const alone = await timeVictim(victimUrl, victimCookie);
  const attacked = await timeVictim(victimUrl, victimCookie, async (stopped) => {
    const agent = oneSocket();
    let loops = 0;
    while (!stopped()) {
      await fetchOn(agent, hostileUrl, hostileCookie);
      loops += 1;
    }
    agent.destroy();
    return loops;
  });
  return { alone, attacked };
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const daysSince2000 = (today) => Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse('2000-01-01T00:00:00Z')) / DAY_MS);

/** One goal change a day from 2000-01-01 to yesterday for `email`'s Spanish: what the goal rule lets an account pile up. */
export async function seedDailyGoalChanges(db, email, today) {
  const days = daysSince2000(today);
  const sqlite = db.dialect === 'sqlite';
  const dateOf = sqlite ? `date('${today}', '-' || d.k || ' days')` : `to_char(DATE '${today}' - d.k, 'YYYY-MM-DD')`;
  await db.query(
    `WITH RECURSIVE d(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM d WHERE k < ${days})
     INSERT INTO daily_goals (user_id, language, effective_from, minutes)
     SELECT u.id, 'Spanish', ${dateOf}, 5 * (1 + d.k % 24) FROM d JOIN users u ON u.email = ?`,
    [email],
  );
}
