/**
 * Issue #45: a device that has run the app before (it named its time zone, the `tz` cookie) keeps
 * the app's code, so its dashboard page asks for that code only after the server's screen has
 * painted (scripts/route-pages.mjs writes that copy, src/paintFirst.ts is its loader); a first
 * visit's page asks for it from the head, as every other page does.
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
  it("asks for the app's code after the first paint only on a device that has run the app, with the first screen in the page", async () => {
    const { cookie } = await signUp(t.app);
    await withLanguage(t.app, cookie, 'Spanish');

    const returning = await dashboard(`${cookie}; tz=Europe/Madrid`);
    expect(returning).toContain('id="first-answers"');
    expect(returning).toContain('src="/assets/paint-first.js"');
    expect(returning).not.toContain('src="/assets/index.js"');
    expect(returning).not.toContain('rel="modulepreload"');

    // A first visit on this device (no zone named): its code is not kept yet, so it comes from the head.
    const firstVisit = await dashboard(cookie);
    expect(firstVisit).toContain('id="first-answers"');
    expect(firstVisit).toContain('src="/assets/index.js"');
    expect(firstVisit).toContain('href="/assets/screen.js"');
    expect(firstVisit).not.toContain('paint-first');

    // Signed out, no first screen: the page the app draws itself, its code from the head.
    const signedOut = await dashboard('tz=Europe/Madrid');
    expect(signedOut).toContain('src="/assets/index.js"');
    expect(signedOut).not.toContain('paint-first');
  });
});
