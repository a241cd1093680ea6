/**
 * Issue #45: the server keeps its render of a learner's dashboard and gives it again while what it
 * is drawn from is unchanged (plugins/screenMemory.ts), so repeated loads do not render again; a
 * write shows at once, whichever process made it (several processes on one database).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { learnerToday, learnerZone } from '../src/domain/learnerDay';
import { describeDb, sharedDatabase, signUp, withLanguage } from './helper';

let spaDir: string;
let renders = 0;
let shared: Awaited<ReturnType<typeof sharedDatabase>>;

beforeAll(async () => {
  // The built SPA's page, and the server's render of the dashboard from the app's own source.
  spaDir = mkdtempSync(join(tmpdir(), 'screen-cache-'));
  mkdirSync(join(spaDir, 'ssr'));
  writeFileSync(join(spaDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  const source = resolve(import.meta.dirname, '../../src/ssr/dashboardScreen.tsx');
  writeFileSync(join(spaDir, 'ssr', 'dashboardScreen.js'), `export { prepareLocales, renderDashboardScreen } from ${JSON.stringify(source)};`);
  // The renders here run from the app's source (React's development build): the budget of the
  // renders is not what this file checks, so a slow host still gets every page drawn.
  shared = await sharedDatabase({ spaDir, serverScreen: { onRender: () => (renders += 1), burstMs: 60_000 } });
});
afterAll(async () => {
  await shared.close();
  rmSync(spaDir, { recursive: true, force: true });
});

const zone = learnerZone(undefined);
const today = () => learnerToday(new Date(), zone);

/** The text of the dashboard the server drew into the page's root. */
async function dashboard(app: FastifyInstance, cookie: string): Promise<string> {
  const res = await app.inject({ url: '/dashboard', headers: { cookie: `${cookie}; tz=${encodeURIComponent(zone)}` } });
  expect(res.statusCode).toBe(200);
  const root = /<div id="root" data-server-screen[^>]*>(.*)<\/div>\s*<script type="application\/json" id="first-answers"/s.exec(res.body);
  expect(root, 'the server drew the dashboard').not.toBeNull();
  return root![1].replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

async function add(app: FastifyInstance, cookie: string, minutes: number) {
  const res = await app.inject({ method: 'POST', url: '/api/user/daily-activity', headers: { cookie }, payload: { date: today(), readingDailyMins: minutes } });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

describeDb("the server's kept render of the dashboard", () => {
  it('renders a second load with nothing changed no more: the same page, no render', async () => {
    const app = await shared.open();
    const { cookie } = await signUp(app);
    await withLanguage(app, cookie, 'Portuguese');
    await add(app, cookie, 10);
    const before = renders;
    const first = await dashboard(app, cookie);
    expect(first).toContain('Portuguese');
    expect(renders).toBe(before + 1);
    expect(await dashboard(app, cookie)).toBe(first);
    expect(renders).toBe(before + 1);
  });

  it("after an add, the next load shows the new minutes, also when another process made the add", async () => {
    const [one, other] = [await shared.open(), await shared.open()];
    const { cookie } = await signUp(one);
    await withLanguage(one, cookie, 'Portuguese');
    await add(one, cookie, 10);
    expect(await dashboard(one, cookie)).toContain('0h 10m');
    await add(one, cookie, 15);
    expect(await dashboard(one, cookie)).toContain('0h 25m');
    // The other process writes: the first one's kept render is not given again.
    await add(other, cookie, 5);
    const shown = await dashboard(one, cookie);
    expect(shown).toContain('0h 30m');
    expect(shown).not.toContain('0h 25m');
  });

  it("draws a running timer's elapsed time anew on every load (its page is never a kept one)", async () => {
    const app = await shared.open();
    const { cookie } = await signUp(app);
    await withLanguage(app, cookie, 'Portuguese');
    const startedAt = new Date(Date.now() - 45 * 60_000).toISOString();
    const start = await app.inject({ method: 'PUT', url: '/api/user/timer', headers: { cookie }, payload: { id: 'timer-of-the-cache-test', skill: 'reading', startedAt } });
    expect(start.statusCode, start.body).toBeLessThan(300);
    const before = renders;
    expect(await dashboard(app, cookie)).toMatch(/0:4[5-9]:\d\d/);
    expect(await dashboard(app, cookie)).toMatch(/0:4[5-9]:\d\d/);
    expect(renders).toBe(before + 2);
  });
});
