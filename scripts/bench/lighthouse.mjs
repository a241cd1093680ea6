// Lighthouse 12 (programmatic) with its default mobile settings: a phone screen, simulated slow 4G
// and a 4x slower CPU. Chromium is launched by chrome-launcher and killed by its PID at cleanup.
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isStopping, onCleanup } from './processes.mjs';

const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Chromium for Lighthouse; `stop()` ends it early (once), and the bench's cleanup ends it otherwise.
 * The cleanup step is registered before the launch and waits for it: chrome-launcher starts Chromium
 * detached, so one started while the bench stops (time limit) would otherwise outlive it.
 */
export async function launchChrome() {
  if (isStopping()) throw new Error('the bench is stopping: no new Chromium');
  const launching = chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    const chrome = await launching.catch(() => null);
    if (!chrome) return;
    try {
      await chrome.kill();
    } finally {
      // chrome-launcher forgets to reap a browser that hangs; its PID is ours to end.
      try {
        process.kill(chrome.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  };
  onCleanup(stop);
  const chrome = await launching;
  chrome.stop = stop;
  return chrome;
}

const ATTEMPTS = 2;

/**
 * BENCH_PAINT_CPU=<x>: the CPU slowdown Lighthouse simulates (its default is 4). Lighthouse's
 * throttling guide (docs/throttling.md, "Calibrating the CPU slowdown") sets 4x for a host whose
 * benchmarkIndex is a high-end desktop's (1,500-2,000), making it a mid-tier phone, and 2x for a
 * low-end desktop's (1,000-1,500) to emulate that same phone.
 */
export const CPU_SLOWDOWN = process.env.BENCH_PAINT_CPU ? Number(process.env.BENCH_PAINT_CPU) : null;

const nodeLabel = (node) => {
  if (!node) return null;
  const label = (node.nodeLabel ?? '').replace(/\s+/g, ' ').trim();
  return `"${label.length > 40 ? `${label.slice(0, 39)}…` : label}" [${node.selector ?? node.snippet ?? '?'}]`;
};

/**
 * Empties the browser's cookie jar. Lighthouse keeps cookies from run to run, and a cookie the app
 * wrote (its `tz`, issue #44) is then sent instead of the session cookie the bench gives as an extra
 * `Cookie` header: every later dashboard run ended at /login.
 */
async function clearCookies(chrome) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    await Promise.all(browser.contexts().map((context) => context.clearCookies()));
  } finally {
    await browser.close();
  }
}

/** Scores (0..100), CLS and the audits that cost points, for one page. */
export async function audit(chrome, url, extraHeaders) {
  let lhr;
  let artifacts;
  await clearCookies(chrome);
  // Headless Chromium now and then loses the trace of a load (NO_NAVSTART); that says nothing about the page, so it gets one more try.
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    ({ lhr, artifacts } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(CPU_SLOWDOWN ? { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } } : {}),
      ...(extraHeaders ? { extraHeaders } : {}),
    }));
    if (!lhr.runtimeError) break;
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  // BENCH_LHR_DIR=dir: every report kept as JSON, to read its long tasks and bootup time afterwards.
  if (process.env.BENCH_LHR_DIR) {
    mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
    writeFileSync(join(process.env.BENCH_LHR_DIR, name), JSON.stringify(lhr));
    // With its trace: which task painted first, when each request started and ended.
    if (artifacts?.Trace) writeFileSync(join(process.env.BENCH_LHR_DIR, name.replace(/\.json$/, '.trace.json')), JSON.stringify(artifacts.Trace));
  }
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  // Any failed accessibility audit costs points; performance metrics below "good" (0.9) are the ones to work on.
  const failing = Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a.score !== null && a.score < (category.id === 'accessibility' ? 1 : 0.9))
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`),
  );
  // Issue #45: the main thread's long tasks (50 ms and more) that start after the first paint, where
  // Total Blocking Time counts them (as Lighthouse simulates them: the same clock as its FCP).
  const afterPaint = (lhr.audits['long-tasks']?.details?.items ?? []).filter((task) => task.startTime >= metric('first-contentful-paint'));
  return {
    url: lhr.finalDisplayedUrl,
    longTasksAfterPaint: afterPaint.length,
    longestAfterPaintMs: Math.max(0, ...afterPaint.map((task) => task.duration)),
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    cls: metric('cumulative-layout-shift'),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    // Lighthouse's measure of the host's speed (higher is faster): figures are comparable only at a like index.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
    cpuSlowdown: lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? NaN,
    failing,
    // What to look at when LCP or CLS miss: the largest paint's element, and the elements that moved (with their share of CLS).
    lcpElement: nodeLabel(lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node),
    shifts: (lhr.audits['layout-shifts']?.details?.items ?? []).map((item) => `${nodeLabel(item.node)} (${item.score.toFixed(3)})`),
  };
}
