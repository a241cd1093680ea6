// Issue #25: randomized reconnect trials in Chromium against the production build. Each trial is a
// fresh learner who makes adds with the network off (sometimes in two tabs, sometimes reloading
// while offline), then comes back online (sometimes with the answer to an add lost after the server
// applied it). Counted on the server: every add made offline is there exactly once. Timed: from
// the tap on Add to the pending chip (in the page), and from going online to an empty outbox.
/* global document, MutationObserver, navigator -- in functions that run in the page */
import { chromium } from '@playwright/test';
import { onCleanup } from './processes.mjs';
import { round, table } from './util.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SKILLS = ['Listening', 'Reading', 'Speaking', 'Writing'];
export const TRIALS = Number(process.env.BENCH_OFFLINE_TRIALS ?? 100);
/** The minimum of each kind over 100 trials; the rest of the mix is random. */
const AT_LEAST = { lostAnswer: 30, twoTabs: 20, reloadOffline: 10 };

/** A small seeded generator (mulberry32), so a run's trials can be replayed with BENCH_SEED. */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The trials' kinds: the minimum of each spread over the run, every other trial drawing each kind at random. */
export function plannedTrials(count, random) {
  const scale = count / 100;
  const trials = Array.from({ length: count }, (_, i) => ({
    n: i + 1,
    lostAnswer: random() < 0.35,
    twoTabs: random() < 0.3,
    reloadOffline: random() < 0.2,
    adds: Array.from({ length: 1 + Math.floor(random() * 4) }, () => ({ skill: SKILLS[Math.floor(random() * 4)], minutes: 1 + Math.floor(random() * 45), tab: 0 })),
  }));
  for (const [kind, minimum] of Object.entries(AT_LEAST)) {
    const wanted = Math.ceil(minimum * scale);
    for (let i = 0; trials.filter((t) => t[kind]).length < wanted; i = (i + 7) % count) trials[i][kind] = true;
  }
  for (const t of trials) {
    // Two tabs: the adds alternate between them, so both hold waiting adds when the network returns.
    if (t.twoTabs) {
      if (t.adds.length < 2) t.adds.push({ ...t.adds[0], minutes: t.adds[0].minutes + 1 });
      t.adds.forEach((a, i) => (a.tab = i % 2));
    }
  }
  return trials;
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : Number.NaN;
};

async function offline(context) {
  // setOffline does not cover the service worker's own requests (playwright#2311): abort everything too.
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

/** Online again; with `loseOne`, the first add sent reaches the server, which applies it, and its answer is lost. */
async function online(context, { loseOne }) {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  let lost = 0;
  if (loseOne) {
    await context.route('**/api/user/daily-activity', async (route) => {
      if (route.request().method() !== 'POST' || lost > 0) return route.fallback();
      lost += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
  }
  await context.setOffline(false);
  return () => lost;
}

const dashboardReady = (page) => page.getByRole('button', { name: 'Listening Time' }).waitFor({ timeout: 30_000 });
const waitingCount = async (page) => Number((await page.getByText(/^\d+ waiting to sync$/).allInnerTexts())[0]?.split(' ')[0] ?? 0);

/** One add through the skill's modal; the milliseconds from the tap on Add to the header's new count, measured in the page. */
async function addOffline(page, { skill, minutes }) {
  await page.getByRole('button', { name: `${skill} Time` }).click();
  const dialog = page.getByRole('dialog', { name: `Add ${skill} Time` });
  await dialog.getByLabel('Minutes').fill(String(minutes));
  const before = await waitingCount(page);
  // Any count above the one before the tap: the other tab's adds may be counted in the same render.
  const chip = page.evaluate(
    (before) =>
      new Promise((resolve) => {
        let tappedAt;
        document.addEventListener('click', () => (tappedAt ??= performance.now()), { capture: true, once: true });
        const counted = (el) => el.childElementCount === 0 && Number(/^(\d+) waiting to sync$/.exec(el.textContent ?? '')?.[1] ?? 0) > before;
        const observer = new MutationObserver(() => {
          if (tappedAt === undefined || ![...document.querySelectorAll('body *')].some(counted)) return;
          observer.disconnect();
          resolve(performance.now() - tappedAt);
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        // A chip that never shows is a miss, not a hung run.
        setTimeout(() => resolve(Number.POSITIVE_INFINITY), 10_000);
      }),
    before,
  );
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  return chip;
}

async function serverState(baseUrl, cookie, db, email, date) {
  const day = await (await fetch(`${baseUrl}/api/user/daily-activity?date=${date}`, { headers: { cookie } })).json();
  const [{ keys }] = await db.query(
    'SELECT count(*) AS keys FROM idempotency_keys k JOIN users u ON u.id = k.user_id WHERE u.email = ? AND k.status >= 200 AND k.status < 300',
    [email],
  );
  return { minutes: Object.fromEntries(SKILLS.map((s) => [s, day[`${s.toLowerCase()}DailyMins`]])), keys: Number(keys) };
}

/**
 * Runs the trials for learners `<prefix>-1..count` (seeded with no minutes today). `cookieFor(n)` gives the
 * session cookie of learner n as { name, value }.
 */
export async function reconnectTrials(baseUrl, { db, prefix, cookieFor, today, seed = Number(process.env.BENCH_SEED ?? 25) }) {
  const trials = plannedTrials(TRIALS, generator(seed));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  onCleanup(() => browser.close());
  const results = [];
  for (const trial of trials) {
    const cookie = cookieFor(trial.n);
    const header = `${cookie.name}=${cookie.value}`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ ...cookie, url: baseUrl }]);
    const pages = [await context.newPage()];
    await pages[0].goto(`${baseUrl}/dashboard`);
    await dashboardReady(pages[0]);
    // The app shell is installed on the first visit; the worker controls the page after a reload.
    await pages[0].evaluate(() => navigator.serviceWorker.ready);
    await pages[0].reload();
    await dashboardReady(pages[0]);
    if (trial.twoTabs) {
      pages.push(await context.newPage());
      await pages[1].goto(`${baseUrl}/dashboard`);
      await dashboardReady(pages[1]);
    }
    const before = await serverState(baseUrl, header, db, `${prefix}-${trial.n}@example.test`, today);

    await offline(context);
    for (const page of pages) await page.getByText('You are offline', { exact: false }).first().waitFor();
    const chipMs = [];
    for (const add of trial.adds) {
      await pages[add.tab].bringToFront();
      chipMs.push(await addOffline(pages[add.tab], add));
    }
    if (trial.reloadOffline) {
      await pages[0].reload();
      await dashboardReady(pages[0]);
    }

    const lostCount = await online(context, { loseOne: trial.lostAnswer });
    const back = Date.now();
    // The browser fires `online` in every tab at once: with two tabs, both try to flush together.
    await Promise.all(pages.map((page) => page.getByText(/waiting to sync$/).waitFor({ state: 'hidden', timeout: 60_000 })));
    const drainMs = Date.now() - back;
    await context.close();

    const after = await serverState(baseUrl, header, db, `${prefix}-${trial.n}@example.test`, today);
    const expected = Object.fromEntries(SKILLS.map((s) => [s, trial.adds.filter((a) => a.skill === s).reduce((sum, a) => sum + a.minutes, 0)]));
    const extra = SKILLS.reduce((sum, s) => sum + Math.max(0, after.minutes[s] - before.minutes[s] - expected[s]), 0);
    const missing = SKILLS.reduce((sum, s) => sum + Math.max(0, before.minutes[s] + expected[s] - after.minutes[s]), 0);
    const stored = after.keys - before.keys;
    results.push({
      ...trial,
      chipMs,
      drainMs,
      lostAnswers: lostCount(),
      // An add applied twice under two keys shows as an extra key; under one key, as extra minutes.
      duplicated: Math.max(0, stored - trial.adds.length) + (extra > 0 && stored <= trial.adds.length ? 1 : 0),
      lost: Math.max(0, trial.adds.length - stored) + (missing > 0 && stored >= trial.adds.length ? 1 : 0),
    });
  }
  await browser.close();
  return results;
}

export function reconnectSummary(results) {
  const count = (f) => results.filter(f).length;
  const adds = results.reduce((n, r) => n + r.adds.length, 0);
  const duplicated = results.reduce((n, r) => n + r.duplicated, 0);
  const lost = results.reduce((n, r) => n + r.lost, 0);
  const chips = results.flatMap((r) => r.chipMs);
  const drains = results.map((r) => r.drainMs);
  const text = [
    table([
      ['trials', 'with a lost answer', 'two tabs flushing', 'reload while offline', 'adds made offline', 'duplicated', 'lost'],
      [results.length, count((r) => r.lostAnswers > 0), count((r) => r.twoTabs), count((r) => r.reloadOffline), adds, duplicated, lost],
    ]),
    table([
      ['ms', 'p50', 'p95', 'max'],
      ['tap on Add to the pending chip (in the page)', round(quantile(chips, 0.5)), round(quantile(chips, 0.95)), round(Math.max(...chips))],
      ['online again to an empty outbox (every tab)', round(quantile(drains, 0.5)), round(quantile(drains, 0.95)), round(Math.max(...drains))],
    ]),
  ].join('\n');
  return {
    text,
    checks: [
      { ok: duplicated === 0 && lost === 0, text: `reconnect trials: ${adds} adds made offline in ${results.length} trials, ${duplicated} duplicated, ${lost} lost (0 and 0)` },
      {
        ok: count((r) => r.lostAnswers > 0) >= AT_LEAST.lostAnswer * (results.length / 100) && count((r) => r.twoTabs) >= AT_LEAST.twoTabs * (results.length / 100) && count((r) => r.reloadOffline) >= AT_LEAST.reloadOffline * (results.length / 100),
        text: 'reconnect trials: at least 30 lost answers, 20 two-tab flushes, 10 reloads while offline per 100 trials',
      },
      { ok: quantile(drains, 0.95) <= 5000, text: `queue drain after going online: p95 ${round(quantile(drains, 0.95))} ms (<= 5,000 ms)` },
      { ok: quantile(chips, 0.95) <= 100, text: `tap on Add to the pending chip: p95 ${round(quantile(chips, 0.95))} ms (<= 100 ms)` },
    ],
  };
}
