/**
 * Issue #38 item 5: the server's render of the dashboard's first screen has a bound. A render of
 * d ms lets the next start only d / RENDER_SHARE ms after it began; a page asked for before then
 * gets the plain first facts at once instead of waiting, so renders never hold more than that
 * share of the event loop however many learners load /dashboard.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDashboardScreen, RENDER_SHARE, type DashboardScreen } from '../src/plugins/serverScreen';

const RENDER_MS = 20;
let spaRoot: string;
let screen: DashboardScreen;
beforeAll(async () => {
  spaRoot = mkdtempSync(join(tmpdir(), 'screen-bound-'));
  mkdirSync(join(spaRoot, 'ssr'));
  // A render that holds the thread as long as a real one does (about 19 ms).
  writeFileSync(
    join(spaRoot, 'ssr', 'dashboardScreen.js'),
    `export function renderDashboardScreen() { const end = performance.now() + ${RENDER_MS}; while (performance.now() < end); return { markup: '<p>rendered</p>', styleTags: '' }; }`,
  );
  screen = await loadDashboardScreen(spaRoot, { warn() {}, error() {} } as unknown as FastifyBaseLogger);
});
afterAll(() => rmSync(spaRoot, { recursive: true, force: true }));

const request = { headers: {}, cookies: {} } as unknown as FastifyRequest;
const page = () => screen(request, { answers: [], today: '2026-11-26' } as unknown as Parameters<DashboardScreen>[1]);
const rendered = (answer: ReturnType<DashboardScreen>) => answer.body.includes('rendered');

describe("the server's first-screen render keeps to its share of the event loop", () => {
  it('a page asked for right after a render gets the plain first facts at once; later ones are rendered again', async () => {
    await sleep(10);
    expect(rendered(page())).toBe(true);
    const started = performance.now();
    const next = page();
    expect(rendered(next)).toBe(false);
    expect(performance.now() - started).toBeLessThan(RENDER_MS / 2);
    await sleep(RENDER_MS / RENDER_SHARE + 20);
    expect(rendered(page())).toBe(true);
  });

  it('under a flood of pages the renders take at most their share of the time (plus one render)', async () => {
    await sleep(RENDER_MS / RENDER_SHARE + 20);
    const started = performance.now();
    let renders = 0;
    let pages = 0;
    while (performance.now() - started < 600) {
      if (rendered(page())) renders += 1;
      pages += 1;
      await sleep(1);
    }
    const elapsed = performance.now() - started;
    expect(pages).toBeGreaterThan(renders * 3);
    expect(renders * RENDER_MS).toBeLessThanOrEqual(elapsed * RENDER_SHARE + RENDER_MS);
    expect(renders).toBeGreaterThanOrEqual(2);
  });
});
