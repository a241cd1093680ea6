// Issue #25: randomized reconnect trials in Chromium against the production build. Each trial is a
// fresh learner who makes adds with the network off (sometimes in two tabs, sometimes reloading
// while offline), then comes back online (sometimes with the answer to an add lost after the server
// applied it). Issue #39 adds two kinds: another device switches the learner's current language
// while the adds wait (they must still land in Spanish), and a second learner signs in on the
// device before the owner comes back (the adds must wait for their owner, never reach the other). Counted on the server: every add made offline is there exactly once. Timed: from
// the tap on Add to the pending chip (in the page), and from going online to an empty outbox.
/* global document, MutationObserver, navigator -- in functions that run in the page */
import { chromium } from '@playwright/test';
import { onCleanup } from './processes.mjs';
import { round, table } from './util.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SKILLS = ['Listening', 'Reading', 'Speaking', 'Writing'];
export const TRIALS = Number(process.env.BENCH_OFFLINE_TRIALS ?? 100);
/** The minimum of each kind over 100 trials; the rest of the mix is random. */
const AT_LEAST = { lostAnswer: 30, twoTabs: 20, reloadOffline: 10, languageSwitch: 20, secondAccount: 10 };
/** The language the adds are logged in, and the one another device switches to meanwhile. */
const LOGGED_IN = 'Spanish';
const SWITCHED_TO = 'French';

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
    languageSwitch: random() < 0.3,
    secondAccount: random() < 0.15,
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
    await context.route('**/api/user/daily-activity*', async (route) => {
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
  const dayIn = async (language) => (await fetch(`${baseUrl}/api/user/daily-activity?date=${date}&language=${language}`, { headers: { cookie } })).json();
  const [day, other] = [await dayIn(LOGGED_IN), await dayIn(SWITCHED_TO)];
  const [{ keys }] = await db.query(
    'SELECT count(*) AS keys FROM idempotency_keys k JOIN users u ON u.id = k.user_id WHERE u.email = ? AND k.status >= 200 AND k.status < 300',
    [email],
  );
  return { minutes: Object.fromEntries(SKILLS.map((s) => [s, day[`${s.toLowerCase()}DailyMins`]])), elsewhere: other.totalDailyMins, keys: Number(keys) };
}

/** Another device of the learner makes `language` current (the adds waiting here were logged in Spanish). */
async function switchLanguage(baseUrl, cookie, language) {
  const answer = await fetch(`${baseUrl}/api/user/language`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ name: language }) });
  if (!answer.ok) throw new Error(`switching the language answered ${answer.status}`);
}

/**
 * Runs the trials for learners `<prefix>-1..count` (seeded with no minutes today, Spanish current and French
 * started). `cookieFor(n)` gives the session cookie of learner n as { name, value }; `otherCookieFor(n)` that of
 * the second learner who signs in on trial n's device (prefix `otherPrefix`).
 */
export async function reconnectTrials(baseUrl, { db, prefix, otherPrefix, cookieFor, otherCookieFor, today, seed = Number(process.env.BENCH_SEED ?? 25) }) {
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
    const other = otherCookieFor(trial.n);
    const otherHeader = `${other.name}=${other.value}`;
    const otherEmail = `${otherPrefix}-${trial.n}@example.test`;
    const otherBefore = trial.secondAccount ? await serverState(baseUrl, otherHeader, db, otherEmail, today) : null;

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
    if (trial.languageSwitch) await switchLanguage(baseUrl, header, SWITCHED_TO);

    if (trial.secondAccount) {
      // Another learner signs in on this device while the adds wait: online, they must stay unsent.
      await context.clearCookies();
      await context.addCookies([{ ...other, url: baseUrl }]);
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      await context.setOffline(false);
      for (const page of pages) {
        await page.reload();
        await dashboardReady(page);
      }
      await pages[0].waitForTimeout(1_500);
      await offline(context);
      await context.clearCookies();
      await context.addCookies([{ ...cookie, url: baseUrl }]);
    }

    const lostCount = await online(context, { loseOne: trial.lostAnswer });
    // The owner is back on the device: every tab opens again under their session, and the chip
    // shows again only once the outbox has read what waits: the server's keys say when all arrived.
    if (trial.secondAccount) {
      for (const page of pages) {
        await page.reload();
        await dashboardReady(page);
      }
      const arrived = async () => (await serverState(baseUrl, header, db, `${prefix}-${trial.n}@example.test`, today)).keys >= before.keys + trial.adds.length;
      for (const until = Date.now() + 60_000; Date.now() < until && !(await arrived()); ) await pages[0].waitForTimeout(250);
    }
    const back = Date.now();
    // The browser fires `online` in every tab at once: with two tabs, both try to flush together.
    await Promise.all(pages.map((page) => page.getByText(/waiting to sync$/).waitFor({ state: 'hidden', timeout: 60_000 })));
    const drainMs = Date.now() - back;
    await context.close();

    const after = await serverState(baseUrl, header, db, `${prefix}-${trial.n}@example.test`, today);
    const otherAfter = trial.secondAccount ? await serverState(baseUrl, otherHeader, db, otherEmail, today) : null;
    if (trial.languageSwitch) await switchLanguage(baseUrl, header, LOGGED_IN);
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
      // Minutes that reached another language, or the other learner's account.
      misplaced: (after.elsewhere - before.elsewhere > 0 ? 1 : 0) + (otherAfter && otherAfter.keys - otherBefore.keys > 0 ? 1 : 0),
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
  const misplaced = results.reduce((n, r) => n + r.misplaced, 0);
  const chips = results.flatMap((r) => r.chipMs);
  const drains = results.map((r) => r.drainMs);
  const text = [
    table([
      ['trials', 'with a lost answer', 'two tabs flushing', 'reload while offline', 'language switched', 'second account', 'adds made offline', 'duplicated', 'lost', 'misplaced'],
      [
        results.length, count((r) => r.lostAnswers > 0), count((r) => r.twoTabs), count((r) => r.reloadOffline), count((r) => r.languageSwitch),
        count((r) => r.secondAccount), adds, duplicated, lost, misplaced,
      ],
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
      { ok: misplaced === 0, text: `reconnect trials: ${misplaced} trials with minutes in another language or account (0)` },
      {
        ok: count((r) => r.lostAnswers > 0) >= AT_LEAST.lostAnswer * (results.length / 100) && count((r) => r.twoTabs) >= AT_LEAST.twoTabs * (results.length / 100) && count((r) => r.reloadOffline) >= AT_LEAST.reloadOffline * (results.length / 100),
        text: 'reconnect trials: at least 30 lost answers, 20 two-tab flushes, 10 reloads while offline per 100 trials',
      },
      {
        ok: count((r) => r.languageSwitch) >= AT_LEAST.languageSwitch * (results.length / 100) && count((r) => r.secondAccount) >= AT_LEAST.secondAccount * (results.length / 100),
        text: 'reconnect trials: at least 20 language switches and 10 second accounts per 100 trials',
      },
      { ok: quantile(drains, 0.95) <= 5000, text: `queue drain after going online: p95 ${round(quantile(drains, 0.95))} ms (<= 5,000 ms)` },
      { ok: quantile(chips, 0.95) <= 100, text: `tap on Add to the pending chip: p95 ${round(quantile(chips, 0.95))} ms (<= 100 ms)` },
    ],
  };
}
