/**
 * Issue #18: a screen's path answers the copy of index.html that preloads that screen's code
 * (scripts/route-pages.mjs writes the copies and route-pages.json); every other app path answers
 * index.html, and /api and /assets never answer HTML.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

const spaDir = mkdtempSync(join(tmpdir(), 'tracker-spa-pages-'));
const INDEX = '<!doctype html><title>LinguaLog</title><div id="root"></div>';
const DASHBOARD = '<!doctype html><title>LinguaLog</title><link rel="modulepreload" href="/assets/DashboardPage.js"><div id="root"></div>';
const SERVER_CODE = '// the server code, not the site';
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(spaDir, 'assets'));
  mkdirSync(join(spaDir, 'routes'));
  mkdirSync(join(spaDir, 'server'));
  mkdirSync(join(spaDir, 'ssr'));
  writeFileSync(join(spaDir, 'server', 'server.js'), SERVER_CODE);
  writeFileSync(join(spaDir, 'server', 'server.js.map'), SERVER_CODE);
  writeFileSync(join(spaDir, 'ssr', 'dashboardScreen.js'), SERVER_CODE);
  writeFileSync(join(spaDir, 'index.html'), INDEX);
  writeFileSync(join(spaDir, 'routes', 'dashboard.html'), DASHBOARD);
  writeFileSync(join(spaDir, 'route-pages.json'), JSON.stringify({ '/dashboard': 'routes/dashboard.html' }));
  t = await buildTestApp({ spaDir });
});
afterAll(async () => {
  await t.close();
  rmSync(spaDir, { recursive: true, force: true });
});

describe('pages per screen', () => {
  it("answers a screen's path, with or without a trailing slash or a query, with the page that preloads its code, never cached", async () => {
    for (const url of ['/dashboard', '/dashboard/', '/dashboard?month=2026-11']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(DASHBOARD);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });

  it('answers any other app path with index.html', async () => {
    for (const url of ['/settings', '/dashboard/elsewhere', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('never answers HTML for an API call or a missing asset', async () => {
    for (const url of ['/api/no-such-call', '/assets/DashboardPage.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/^text\/html/);
    }
  });

  it("never serves the server's own code that the build writes beside the site (dist/server, dist/ssr)", async () => {
    for (const url of ['/server/server.js', '/server/server.js.map', '/ssr/dashboardScreen.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain(SERVER_CODE);
    }
  });
});
