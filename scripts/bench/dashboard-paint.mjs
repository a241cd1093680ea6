// Issue #18, "the dashboard paints fast on a phone". Two measurements of the same three pages:
// - Lighthouse 12 at its default mobile settings, RUNS runs per page, interleaved (round 1: the
//   landing page, the 1-month dashboard, the 10-year dashboard; round 2: the same; ...), so a
//   neighbour's burst falls on every page alike; each figure is the median over the runs.
// - The sequential request round trips from the HTML to the last dashboard read, in a real
//   Chromium at phone size with LATENCY_MS added to every request (CDP), so requests of one
//   wave overlap and each wave costs at least one round trip. A request's depth is 1 + the
//   deepest request that had ENDED before it STARTED (the document is 0): the length of the chain
//   of requests it could have waited for. A load's figure is its deepest /api/ read.
//   The page is loaded through an HTTP/2 front (h2proxy.mjs): over HTTP/1.1 Chromium's 6
//   connections per host split a larger wave in two, which shows as an extra wave or not from one
//   load to the next; one HTTP/1.1 load is printed beside it for information.
//   A request can only start after what it truly waits for has ended, so a load's figure is never
//   below the true chain; it can be above it when an unrelated request of a parallel branch
//   happens to end just before. So each learner's dashboard is loaded LOADS times and the lowest
//   figure is kept.
/* global document, window, MutationObserver -- in functions that run in the page */
import { chromium } from '@playwright/test';
import { loadavg } from 'node:os';
import { startHttp2Proxy } from './h2proxy.mjs';
import { audit, launchChrome } from './lighthouse.mjs';
import { isStopping, onCleanup } from './processes.mjs';
import { sessionCookie } from './seed.mjs';
import { round, table } from './util.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const RUNS = Number(process.env.BENCH_PAINT_RUNS ?? 5);
export const LOADS = Number(process.env.BENCH_PAINT_LOADS ?? 3);
/**
 * Twice slow 4G's 150 ms: a request of another branch is only mistaken for a read's predecessor when
 * it starts and ends (a full round trip) between the read's real predecessor and the read itself,
 * and the server's and the page's own jitter (tens of ms on a busy machine) stays far below this.
 */
export const LATENCY_MS = 300;
/** Lighthouse's default mobile screen (Moto G Power): 412 x 823 CSS pixels at 1.75. */
export const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** The dashboard has loaded when no tracked request has been in flight for this long after the calendar rendered. */
const QUIET_MS = 1500;
const RENDER_TIMEOUT_MS = 30_000;
/** What a page's code and data travel as; images, fonts and the manifest cannot hold back a read. */
const TRACKED_TYPES = new Set(['Document', 'Script', 'Stylesheet', 'Fetch', 'XHR']);
/** BENCH_PAINT_VERBOSE=1: every request of the load, with its depth, start and end. */
const VERBOSE = process.env.BENCH_PAINT_VERBOSE === '1';

export const targets = { performance: 95, landing: 100, accessibility: 100, lcpMs: 1800, tbtMs: 150, cls: 0, roundTrips: 2, longestTaskAfterPaintMs: 100 };

/**
 * The pages of the issue, in the order of a round; with `base` (an earlier build's server, or a
 * list of them: issues #32, #54) each dashboard is followed by the same dashboard on those builds,
 * in the same round.
 */
/**
 * A returning learner's device has named its time zone (the `tz` cookie); a new device, or one
 * whose cookies went, has the session cookie alone, and the server draws the learner's day from
 * the zone the account keeps (issue #54; run.mjs's paintServer sets it).
 */
const ZONE_COOKIE = `tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`;

export const paintPages = (base = null) => [
  { label: '/ (visitor)', path: '/', landing: true },
  ...withEarlierBuilds(base),
];

/** Each dashboard, followed by the same dashboard on each earlier build (`base`: one build, a list, or null). */
const withEarlierBuilds = (base) => [
  ...[
    ['1 month', `${sessionCookie('month', 1)}; ${ZONE_COOKIE}`],
    ['10 years', `${sessionCookie('long', 1)}; ${ZONE_COOKIE}`],
    ['1 month, session cookie alone', sessionCookie('month', 1)],
    ['10 years, session cookie alone', sessionCookie('long', 1)],
  ].flatMap(([who, cookie]) => [
    { label: `/dashboard, ${who}`, path: '/dashboard', cookie },
    ...[base].flat().filter(Boolean).map((earlier) => ({ label: `/dashboard, ${who}, ${earlier.commit}`, path: '/dashboard', cookie, origin: earlier.url, reference: true })),
  ]),
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const load = () => loadavg()[0].toFixed(2);

// ---------------------------------------------------------------------------------------------
// Lighthouse, interleaved

/** RUNS rounds of Lighthouse over `pages`, one page after another; `log` gets one line per round. */
export async function lighthouseRounds(baseUrl, pages, log = console.log) {
  const chrome = await launchChrome();
  const runs = pages.map(() => []);
  const failures = pages.map(() => []);
  try {
    for (let r = 1; r <= RUNS; r += 1) {
      const line = [];
      for (const [i, page] of pages.entries()) {
        try {
          const result = await audit(chrome, `${page.origin ?? baseUrl}${page.path}`, page.cookie ? { Cookie: page.cookie } : undefined);
          runs[i].push(result);
          line.push(`${page.label} ${result.performance}${result.url.endsWith(page.path) ? '' : ` (ended at ${new URL(result.url).pathname})`}`);
        } catch (err) {
          if (isStopping()) throw err;
          // One lost run (after lighthouse.mjs's retry) leaves the page with fewer runs, which the summary says; the others go on.
          failures[i].push(err instanceof Error ? err.message : String(err));
          line.push(`${page.label} failed`);
        }
      }
      const index = runs.flatMap((pageRuns) => pageRuns.slice(-1)).map((run) => run.benchmarkIndex);
      const slowdown = runs.flatMap((pageRuns) => pageRuns.slice(-1)).map((run) => run.cpuSlowdown);
      log(`round ${r}/${RUNS} (load ${load()}, benchmarkIndex ${Math.round(median(index))}, CPU slowdown ${median(slowdown)}x): ${line.join(' · ')}`);
    }
  } finally {
    await chrome.stop();
  }
  return pages.map((page, i) => ({ ...page, runs: runs[i], failures: failures[i] }));
}

const ms = (value) => `${Math.round(value)} ms`;

/** The table of medians and the PASS/MISS checks of the issue. */
export function lighthouseSummary(results) {
  const rows = [['page', 'runs', 'performance (min–max)', 'LCP', 'TBT', 'CLS (max)', 'FCP', 'long tasks after FCP: count, longest (max)', 'accessibility', 'benchmarkIndex']];
  const checks = [];
  const notes = [];
  for (const page of results) {
    const { runs } = page;
    if (runs.length === 0) {
      rows.push([page.label, 0, '-', '-', '-', '-', '-', '-', '-', '-']);
      checks.push({ ok: false, text: `${page.label}: no Lighthouse run succeeded (${page.failures[0]})` });
      continue;
    }
    const m = (key) => median(runs.map((r) => r[key]));
    const perf = runs.map((r) => r.performance);
    const s = { performance: m('performance'), lcpMs: m('lcpMs'), tbtMs: m('tbtMs'), cls: m('cls'), fcpMs: m('fcpMs'), accessibility: m('accessibility') };
    const maxCls = Math.max(...runs.map((r) => r.cls));
    // Issue #45: each run's long tasks after the first paint, their count and the longest; medians, and the longest of all runs.
    const longTasks = { count: m('longTasksAfterPaint'), longestMs: m('longestAfterPaintMs'), maxMs: Math.max(...runs.map((r) => r.longestAfterPaintMs)) };
    rows.push([
      page.label,
      runs.length,
      `${s.performance} (${Math.min(...perf)}–${Math.max(...perf)})`,
      ms(s.lcpMs),
      ms(s.tbtMs),
      `${round(s.cls, 3)} (${round(maxCls, 3)})`,
      ms(s.fcpMs),
      `${longTasks.count}, ${ms(longTasks.longestMs)} (${ms(longTasks.maxMs)})`,
      s.accessibility,
      Math.round(m('benchmarkIndex')),
    ]);
    // The audits that cost points in the run closest to the median.
    const typical = runs.reduce((a, b) => (Math.abs(b.performance - s.performance) < Math.abs(a.performance - s.performance) ? b : a));
    if (typical.failing.length) notes.push(`${page.label}, below par in a median run: ${typical.failing.join(', ')}`);
    if (!page.landing && typical.lcpElement) notes.push(`${page.label}, largest paint in that run: ${typical.lcpElement}`);
    if (typical.shifts.length) notes.push(`${page.label}, layout shifts in that run: ${typical.shifts.join(', ')}`);
    for (const failure of page.failures) notes.push(`${page.label}, a run lost: ${failure}`);

    // An earlier build's pages are measured for comparison only: the targets are this build's.
    if (page.reference) continue;
    const audited = runs.every((r) => r.url.endsWith(page.path));
    checks.push({ ok: audited, text: `${page.label}: Lighthouse audited ${runs.map((r) => r.url).find((u) => !u.endsWith(page.path)) ?? page.path} in every run` });
    checks.push({ ok: runs.length === RUNS, text: `${page.label}: ${runs.length} of ${RUNS} Lighthouse runs` });
    if (page.landing) {
      checks.push({ ok: s.performance >= targets.landing, text: `${page.label}: performance ${s.performance} (median; >= ${targets.landing})` });
    } else {
      checks.push({ ok: s.performance >= targets.performance, text: `${page.label}: performance ${s.performance} (median; >= ${targets.performance})` });
      checks.push({ ok: s.lcpMs <= targets.lcpMs, text: `${page.label}: LCP ${ms(s.lcpMs)} (median; <= ${targets.lcpMs} ms)` });
      checks.push({ ok: s.tbtMs <= targets.tbtMs, text: `${page.label}: TBT ${ms(s.tbtMs)} (median; <= ${targets.tbtMs} ms)` });
      checks.push({ ok: s.cls === targets.cls, text: `${page.label}: CLS ${round(s.cls, 3)} (median; 0)` });
      checks.push({
        ok: longTasks.longestMs <= targets.longestTaskAfterPaintMs,
        text: `${page.label}: longest task after the first paint ${ms(longTasks.longestMs)} (median; <= ${targets.longestTaskAfterPaintMs} ms; ${longTasks.count} long tasks)`,
      });
    }
    checks.push({ ok: s.accessibility === targets.accessibility, text: `${page.label}: accessibility ${s.accessibility} (median; ${targets.accessibility})` });
  }
  return { text: [table(rows), ...notes].join('\n'), checks };
}

// ---------------------------------------------------------------------------------------------
// Sequential round trips

/**
 * Opens /dashboard for each learner in a fresh context (empty cache) of one Chromium, at phone
 * size with LATENCY_MS added to every request, and records every request of the page's code and
 * data from the document on, with its start and end (CDP Network events, one monotonic clock).
 */
export async function roundTrips(baseUrl, learners) {
  const front = await startHttp2Proxy(baseUrl);
  // Registered before the launch, which it waits for, so a browser starting while the bench stops is closed too.
  const launching = chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  onCleanup(async () => (await launching.catch(() => null))?.close());
  const browser = await launching;
  const results = [];
  // A fresh context for each load: empty cache, nothing kept from the last load.
  const load = async (origin, cookie) => {
    const context = await browser.newContext({ ...PHONE, ignoreHTTPSErrors: true });
    try {
      // Sent as a header, as in history.mjs: the production cookie is __Host-sid.
      await context.setExtraHTTPHeaders({ cookie });
      return chainOf(await recordLoad(await context.newPage(), `${origin}/dashboard`));
    } finally {
      await context.close();
    }
  };
  try {
    for (const { label, cookie } of learners) {
      const loads = [];
      for (let i = 0; i < LOADS; i += 1) loads.push(await load(front.url, cookie));
      const best = loads.reduce((a, b) => (b.roundTrips < a.roundTrips ? b : a));
      const http1 = await load(baseUrl, cookie);
      results.push({ label, ...best, perLoad: loads.map((l) => l.roundTrips), http1 });
    }
  } finally {
    await browser.close();
    await front.stop();
  }
  return results;
}

async function recordLoad(page, url) {
  const cdp = await page.context().newCDPSession(page);
  const byId = new Map();
  let lastChange = Date.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    lastChange = Date.now();
    // A redirect keeps its request id: the request goes on, under its new address.
    const known = byId.get(e.requestId);
    if (known) {
      known.url = e.request.url;
      return;
    }
    if (!/^https?:/.test(e.request.url)) return;
    byId.set(e.requestId, { url: e.request.url, method: e.request.method, type: e.type ?? 'Other', start: e.timestamp * 1000, end: null, protocol: null });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = byId.get(e.requestId);
    if (r) r.protocol = e.response.protocol ?? null;
  });
  const ended = (e) => {
    lastChange = Date.now();
    const r = byId.get(e.requestId);
    if (r) r.end = e.timestamp * 1000;
  };
  cdp.on('Network.loadingFinished', ended);
  cdp.on('Network.loadingFailed', (e) => {
    ended(e);
    const r = byId.get(e.requestId);
    if (r) r.failed = e.errorText;
  });
  await cdp.send('Network.enable');
  // Latency only (no bandwidth limit): a wave of requests costs one round trip, whatever its bytes.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY_MS, downloadThroughput: -1, uploadThroughput: -1 });
  await page.goto(url);
  if (!page.url().endsWith('/dashboard')) throw new Error(`round trips: ${url} ended on ${page.url()} (signed out?)`);
  // The calendar's grid: its reads have answered. On a phone it sits on a hidden tab, so attached, not visible.
  await page.getByRole('table', { includeHidden: true }).first().waitFor({ state: 'attached', timeout: RENDER_TIMEOUT_MS });
  const tracked = () => [...byId.values()].filter((r) => TRACKED_TYPES.has(r.type));
  const deadline = Date.now() + RENDER_TIMEOUT_MS;
  while (Date.now() < deadline && (tracked().some((r) => r.end === null) || Date.now() - lastChange < QUIET_MS)) await page.waitForTimeout(100);
  await cdp.detach();
  const all = [...byId.values()];
  const unfinished = tracked().filter((r) => r.end === null);
  if (unfinished.length) throw new Error(`round trips: still in flight after ${RENDER_TIMEOUT_MS / 1000} s: ${unfinished.map((r) => r.url).join(', ')}`);
  return { tracked: tracked(), ignored: all.filter((r) => !TRACKED_TYPES.has(r.type)) };
}

const shortName = (r) => {
  const url = new URL(r.url);
  if (r.type === 'Document') return 'document';
  if (url.pathname.startsWith('/api/')) return `${r.method === 'GET' ? '' : `${r.method} `}${url.pathname}`;
  return url.pathname.split('/').pop();
};

/**
 * Depth of every request: the document is 0; any other request is 1 + the deepest request that
 * ended before it started (none: 1, as it was found in the document while that still arrived).
 * Requests still in flight when it started do not count: it cannot have waited for them.
 */
export function depths(requests) {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const document = sorted.find((r) => r.type === 'Document');
  if (!document) throw new Error('round trips: no document request recorded');
  for (const r of sorted) {
    if (r === document) {
      r.depth = 0;
      r.after = null;
      continue;
    }
    const before = sorted.filter((o) => o !== r && o.depth !== undefined && o.end !== null && o.end < r.start);
    // The deepest of them is taken as the one it waited for; among equals, the one that ended last (closest to its start).
    const parent = before.reduce((a, b) => (!a || b.depth > a.depth || (b.depth === a.depth && b.end > a.end) ? b : a), null);
    r.depth = 1 + (parent ? parent.depth : 0);
    r.after = parent ?? document;
    // How many other requests of the parent's wave had ended too: any of them may be the one waited for.
    r.afterOthers = parent ? before.filter((o) => o !== parent && o.depth === parent.depth).length : 0;
  }
  return sorted;
}

function chainOf({ tracked, ignored }) {
  const requests = depths(tracked);
  const reads = requests.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
  const document = requests.find((r) => r.type === 'Document');
  // Issue #32: a page that carries its first answers makes no read; its data came with the document (0).
  const deepest = reads.length === 0 ? document : reads.reduce((a, b) => (b.depth > a.depth || (b.depth === a.depth && b.start > a.start) ? b : a));
  const chain = [];
  for (let r = deepest, others = 0; r; others = r.afterOthers, r = r.after) {
    const url = new URL(r.url);
    const query = url.pathname.startsWith('/api/') ? url.search : '';
    chain.unshift(`${shortName(r)}${query}${others ? ` (or ${others} more of its wave)` : ''}`);
  }
  const byWave = (list) => {
    const waves = new Map();
    for (const r of list) waves.set(r.depth, [...(waves.get(r.depth) ?? []), shortName(r)]);
    return [...waves.entries()].sort(([a], [b]) => a - b).map(([depth, names]) => ({ depth, names }));
  };
  const at = (t) => String(Math.round(t - document.start)).padStart(5);
  const listing = [...requests, ...ignored]
    .sort((a, b) => a.start - b.start)
    .map((r) => `    ${String(r.depth ?? '-').padStart(2)} ${at(r.start)} → ${r.end === null ? '    ?' : at(r.end)} ms  ${r.type.padEnd(10)} ${shortName(r)}${new URL(r.url).search}`);
  return {
    listing,
    roundTrips: deepest.depth,
    chain,
    // Milliseconds from the document's start to the end of the last read.
    lastReadMs: (reads.length === 0 ? document.end : Math.max(...reads.map((r) => r.end))) - document.start,
    waves: byWave(reads),
    codeWaves: byWave(requests.filter((r) => r.type === 'Script' || r.type === 'Stylesheet')),
    requests: requests.length,
    protocols: [...new Set(requests.map((r) => r.protocol ?? '?'))],
    ignored: [...new Set(ignored.map((r) => r.type))],
  };
}

export function roundTripSummary(results) {
  const lines = [];
  const checks = [];
  for (const r of results) {
    const waves = (list) => list.map((w) => `${w.depth}: ${w.names.join(', ')}`).join(' | ');
    lines.push(
      `${r.label}: ${r.roundTrips} round trips to the last read (${r.protocols.join('/')}; lowest of ${r.perLoad.length} loads: ${r.perLoad.join(', ')}; ` +
        `in that load ${r.requests} requests of code and data, the last read answered at ${Math.round(r.lastReadMs)} ms)`,
    );
    lines.push(`  chain: ${r.chain.join(' → ')}`);
    lines.push(`  reads by wave: ${waves(r.waves)}`);
    lines.push(`  code by wave: ${waves(r.codeWaves)}`);
    if (r.ignored.length) lines.push(`  not counted (cannot hold back a read): ${r.ignored.join(', ')}`);
    lines.push(
      `  for information, one load straight from the server (${r.http1.protocols.join('/')}, at most 6 connections): ${r.http1.roundTrips} round trips, ` +
        `the last read answered at ${Math.round(r.http1.lastReadMs)} ms; chain: ${r.http1.chain.join(' → ')}`,
    );
    if (VERBOSE) lines.push('  depth, start → end from the document\'s start, type, request:', ...r.listing);
    checks.push({ ok: r.roundTrips <= targets.roundTrips, text: `${r.label}: ${r.roundTrips} sequential round trips from the HTML to the last read (<= ${targets.roundTrips}: assets, then data)` });
  }
  return { text: lines.join('\n'), checks };
}

export const roundTripLearners = () => paintPages().filter((p) => p.cookie);

// ---------------------------------------------------------------------------------------------
// Until the app answers a tap, over a throttled link

/** Lighthouse's slow 4G as DevTools applies it (its `devtools` throttling: latency 150 ms × 3.75, throughput × 0.9). */
export const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
/** Lighthouse's phone's CPU: 4 times slower. */
const CPU_SLOWDOWN = 4;

/**
 * Issue #45: how long a learner waits, on a real link, before the dashboard answers a tap. Until
 * then the server's screen is inert (a tap on it is lost), so the wait ends when the root loses
 * `inert`. Each dashboard of `pages` (this build's and the earlier one's, interleaved) is opened
 * RUNS times in a fresh context of a real Chromium at phone size (with the hint a phone's Chrome
 * sends, so the server draws the phone's layout) over HTTP/2, its link and CPU throttled as Lighthouse's phone,
 * twice: a first visit (empty cache) and the next one (the code in the browser's cache); the page's
 * own clock gives the first paint and that moment.
 */
export async function untilLive(baseUrl, pages, log = console.log) {
  const launching = chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  onCleanup(async () => (await launching.catch(() => null))?.close());
  const browser = await launching;
  // Over HTTP/2, as the deployed TLS front serves the app (deploy/nginx): every chunk of a wave at once.
  const fronts = new Map();
  for (const origin of new Set(pages.map((page) => page.origin ?? baseUrl))) fronts.set(origin, await startHttp2Proxy(origin));
  const runs = pages.map(() => []);
  const unmeasured = new Map();
  const open = async (page) => {
    // Without the service worker: its requests would not carry the bench's session header.
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block', ignoreHTTPSErrors: true });
    try {
      await context.setExtraHTTPHeaders({ cookie: page.cookie, 'sec-ch-ua-mobile': '?1' });
      await context.addInitScript(() => {
        new MutationObserver(() => {
          const root = document.getElementById('root');
          if (root && !root.hasAttribute('inert') && window.liveAt === undefined) window.liveAt = performance.now();
        }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['inert'] });
      });
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      const measure = async () => {
        await tab.goto(`${fronts.get(page.origin ?? baseUrl).url}${page.path}`, { waitUntil: 'commit' });
        await tab.waitForFunction(() => window.liveAt !== undefined, null, { timeout: RENDER_TIMEOUT_MS * 2 });
        const served = await tab.evaluate(() => document.getElementById('root')?.hasAttribute('data-server-screen') ?? false);
        if (!served || !tab.url().endsWith(page.path)) throw new Error(`until live: ${page.label} ended on ${tab.url()} without the server's screen`);
        return tab.evaluate(() => ({ fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN, liveMs: window.liveAt }));
      };
      // The first visit (nothing cached), then the learner's next visit: the code in the browser's
      // cache. (The cookie the app wrote would take the session header's place: the jar is emptied.)
      const cold = await measure();
      await context.clearCookies();
      const warm = await measure();
      return { ...cold, warmFcpMs: warm.fcpMs, warmLiveMs: warm.liveMs };
    } finally {
      await context.close();
    }
  };
  try {
    for (let r = 1; r <= RUNS; r += 1) {
      const line = [];
      for (const [i, page] of pages.entries()) {
        if (unmeasured.has(i)) continue;
        let result;
        try {
          result = await open(page);
        } catch (err) {
          // An earlier build may not draw this page on the server at all (4903471 without the tz cookie): it is left out.
          if (!page.reference || isStopping()) throw err;
          unmeasured.set(i, err instanceof Error ? err.message : String(err));
          line.push(`${page.label} left out`);
          continue;
        }
        runs[i].push(result);
        line.push(`${page.label} ${Math.round(result.liveMs)}, ${Math.round(result.warmLiveMs)} ms`);
      }
      log(`round ${r}/${RUNS} (load ${load()}): ${line.join(' · ')}`);
    }
  } finally {
    await browser.close();
    for (const front of fronts.values()) await front.stop();
  }
  const rows = [['page', 'runs', 'first visit: first paint', 'the app answers a tap (min–max)', 'next visit: first paint', 'the app answers a tap (min–max)']];
  const spread = (values) => `${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`;
  for (const [i, page] of pages.entries()) {
    const of = (key) => runs[i].map((r) => r[key]);
    if (runs[i].length === 0) {
      rows.push([page.label, 0, '-', unmeasured.get(i) ?? '-', '-', '-']);
      continue;
    }
    rows.push([page.label, runs[i].length, ms(median(of('fcpMs'))), spread(of('liveMs')), ms(median(of('warmFcpMs'))), spread(of('warmLiveMs'))]);
  }
  return table(rows);
}
