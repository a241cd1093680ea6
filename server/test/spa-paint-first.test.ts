/**
 * Issue #45: a dashboard page that carries the server's first screen asks for the app's code only
 * after that screen has painted (scripts/route-pages.mjs writes that copy, src/paintFirst.ts is its
 * loader); issue #54: with or without the device's `tz` cookie. A page the app draws itself asks
 * for it from the head, as every other page does.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeDb, signUp, withLanguage, type TestApp } from './helper';

const spaDir = mkdtempSync(join(tmpdir(), 'tracker-paint-first-'));
const page = (head: string) => `<!doctype html><html><head><title>LinguaLog</title>${head}</head><body><div id="root"></div></body></html>`;
const FROM_HEAD = '<script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/screen.js">';
const AFTER_PAINT = '<script type="module" src="/assets/paint-first.js" data-evaluate="/assets/index.js" data-preload="/assets/screen.js"></script>';
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(spaDir, 'assets'));
  mkdirSync(join(spaDir, 'routes'));
  writeFileSync(join(spaDir, 'index.html'), page('<script type="module" crossorigin src="/assets/index.js"></script>'));
  writeFileSync(join(spaDir, 'routes', 'dashboard.html'), page(FROM_HEAD));
  writeFileSync(join(spaDir, 'routes', 'dashboard.paint-first.html'), page(AFTER_PAINT));
  writeFileSync(join(spaDir, 'route-pages.json'), JSON.stringify({ '/dashboard': 'routes/dashboard.html' }));
  t = await buildTestApp({ spaDir });
});
afterAll(async () => {
  await t.close();
  rmSync(spaDir, { recursive: true, force: true });
});

const dashboard = async (cookie?: string) => (await t.app.inject({ method: 'GET', url: '/dashboard', headers: cookie ? { cookie } : {} })).body;

describeDb("the dashboard's code after its first paint", () => {
  it("asks for the app's code after the first paint on every signed-in dashboard, with the first screen in the page", async () => {
    const { cookie } = await signUp(t.app);
    await withLanguage(t.app, cookie, 'Spanish');

    const returning = await dashboard(`${cookie}; tz=Europe/Madrid`);
    expect(returning).toContain('id="first-answers"');
    expect(returning).toContain('src="/assets/paint-first.js"');
    expect(returning).not.toContain('src="/assets/index.js"');
    expect(returning).not.toContain('rel="modulepreload"');

    // A first visit on this device (no zone named): the screen paints from the HTML alone all the same.
    const firstVisit = await dashboard(cookie);
    expect(firstVisit).toContain('id="first-answers"');
    expect(firstVisit).toContain('src="/assets/paint-first.js"');
    expect(firstVisit).not.toContain('src="/assets/index.js"');

    // Signed out, no first screen: the page the app draws itself, its code from the head.
    const signedOut = await dashboard('tz=Europe/Madrid');
    expect(signedOut).toContain('src="/assets/index.js"');
    expect(signedOut).not.toContain('paint-first');
  });
});
