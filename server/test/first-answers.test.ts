/**
 * Issue #32: a signed-in screen's page carries the answers of its first reads, the API's own,
 * for the holder of the page request's session only, and is never kept by a cache.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { answersScript } from '../src/plugins/firstAnswers';
import { learnerToday, learnerZone } from '../src/domain/learnerDay';
import { buildTestApp, describeDb, signUp, withLanguage, type TestApp } from './helper';

const spaDir = mkdtempSync(join(tmpdir(), 'tracker-first-answers-'));
const INDEX =
  '<!doctype html><html><head><title>LinguaLog</title><script type="module" crossorigin src="/assets/index.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/screen.js"></head><body><div id="root"></div></body></html>';
let t: TestApp;

/** The answers a page carries, as the SPA reads them back (null: none). */
const htmlOf = (res: LightMyRequestResponse) =>
  res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString('utf8') : res.body;

function answersIn(res: LightMyRequestResponse): { endpointName: string; arg?: string; value: unknown }[] | null {
  const html = htmlOf(res);
  const json = /<script type="application\/json" id="first-answers"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
  return json === undefined ? null : JSON.parse(json);
}

const page = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

beforeAll(async () => {
  mkdirSync(join(spaDir, 'assets'));
  writeFileSync(join(spaDir, 'index.html'), INDEX);
  t = await buildTestApp({ spaDir });
});
afterAll(async () => {
  await t.close();
  rmSync(spaDir, { recursive: true, force: true });
});

describeDb('first answers in the page', () => {
  it("puts the learner's own dashboard answers into /dashboard, keyed as the SPA asks, never cached", async () => {
    const { cookie, email } = await signUp(t.app);
    await withLanguage(t.app, cookie, 'Japanese');
    const today = learnerToday(new Date(), learnerZone('Asia/Tokyo'));
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/user/daily-activity',
      headers: { cookie },
      payload: { date: today, listeningDailyMins: 25 },
    });
    expect(add.statusCode, add.body).toBeLessThan(300);
    const previous = await t.app.inject({ method: 'POST', url: '/api/user/previous-time', headers: { cookie }, payload: { previousHours: 1200 } });
    expect(previous.statusCode, previous.body).toBe(200);

    const res = await page('/dashboard', `${cookie}; tz=Asia/Tokyo`, { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers.vary)).toMatch(/Cookie/);
    expect(htmlOf(res)).toContain('data-time-zone="Asia/Tokyo"');
    // A zone the server does not know is no zone: the server's own keys the answers.
    const unknownZone = htmlOf(await page('/dashboard', `${cookie}; tz=Mars/Olympus`));
    expect(unknownZone).toContain(`data-time-zone="${Intl.DateTimeFormat().resolvedOptions().timeZone}"`);
    const answers = answersIn(res)!;
    const byKey = new Map(answers.map((a) => [`${a.endpointName}(${a.arg ?? ''})`, a.value]));
    expect(byKey.get('checkAuth()')).toEqual({ email });
    expect(byKey.get('getUserLanguage()')).toEqual((await t.app.inject({ url: '/api/user/language', headers: { cookie } })).json());
    expect(byKey.get('getUserLanguage()')).toMatchObject({ name: 'Japanese' });
    expect(byKey.get(`getDailyMinutes(${today})`)).toEqual(
      (await t.app.inject({ url: `/api/user/daily-activity?date=${today}`, headers: { cookie } })).json(),
    );
    expect(byKey.get(`getDailyMinutes(${today})`)).toMatchObject({ listeningDailyMins: 25 });
    // The first facts are in the HTML itself, before any script: language, total time, today's goal.
    const goal = (byKey.get('getDailyGoal()') as { dailyGoalMinutes: number }).dailyGoalMinutes;
    const root = /<div id="first-screen">(.*)<div id="root"><\/div>/s.exec(htmlOf(res))![1];
    const shell = root.replace(/<style>.*?<\/style>/s, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(shell).toContain('Japanese');
    expect(shell).toContain(`Daily goal 0h 25m / ${Math.floor(goal / 60)}h ${goal % 60}m`);
    expect(shell).toContain('Total Hours 1,200');
    for (const key of ['hasLanguage()', 'getProgress()', 'getDailyGoal()', `getMonthActivities(${today.slice(0, 7)})`, `getCalendarSummary(${today})`]) {
      expect(byKey.has(key), key).toBe(true);
    }
  });

  it("writes the plain first facts in the page's locale (Accept-Language), English as it is otherwise", async () => {
    const { cookie } = await signUp(t.app);
    await withLanguage(t.app, cookie, 'Korean');
    const shellText = (html: string) =>
      (/<div id="first-screen">(.*)<div id="root"><\/div>/s.exec(html)?.[1] ?? '').replace(/<style>.*?<\/style>/s, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    const german = htmlOf(await page('/dashboard', `${cookie}; tz=Asia/Seoul`, { 'accept-language': 'de-DE,de;q=0.9' }));
    expect(shellText(german)).toMatch(/Tagesziel 0h 0m \//);
    expect(shellText(german)).toContain('Stunden insgesamt');
    expect(german).toContain('aria-label="Fortschritt"');
    expect(shellText(german)).not.toMatch(/Daily goal|Total Hours/);
    const english = htmlOf(await page('/dashboard', `${cookie}; tz=Asia/Seoul`));
    expect(shellText(english)).toMatch(/Daily goal 0h 0m \//);
    expect(english).toContain('aria-valuetext="0h 0m of ');
  });

  it("asks for the app's code at low priority only on a page whose first screen paints without it", async () => {
    const { cookie } = await signUp(t.app);
    await withLanguage(t.app, cookie, 'Korean');
    const lowPriority = (html: string) => [...html.matchAll(/<(script type="module"|link rel="modulepreload")[^>]*>/g)].map((m) => /fetchpriority="low"/.test(m[0]));
    const dashboard = htmlOf(await page('/dashboard', `${cookie}; tz=Asia/Seoul`));
    expect(dashboard).toContain('id="first-screen"');
    expect(lowPriority(dashboard)).toEqual([true, true]);
    // Still asked for from the head, before the page's first screen, never later.
    expect(dashboard.indexOf('src="/assets/index.js"')).toBeLessThan(dashboard.indexOf('id="first-screen"'));
    // A screen the app must draw itself, and a visitor's page: the browser's own priority.
    expect(lowPriority(htmlOf(await page('/settings', cookie)))).toEqual([false, false]);
    expect(lowPriority(htmlOf(await page('/dashboard')))).toEqual([false, false]);
  });

  it('gives the other signed-in screens their guard checks, and nothing to a visitor or an ended session', async () => {
    const { cookie, email } = await signUp(t.app);
    const settings = answersIn(await page('/settings', cookie));
    expect(settings).toEqual([
      { endpointName: 'checkAuth', value: { email } },
      { endpointName: 'hasLanguage', value: { hasLanguage: false } },
    ]);
    for (const [url, who] of [
      ['/dashboard', undefined],
      ['/dashboard', 'sid=no-such-session'],
      ['/login', cookie],
    ] as const) {
      const res = await page(url, who);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, `${url} ${who}`).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      // The same path answers a signed-in learner differently: a shared cache must key it by cookie.
      if (url === '/dashboard') expect(String(res.headers.vary), url).toMatch(/Cookie/);
    }
  });

  it("draws the day's figures only for a day the learner's device named: without its tz cookie, the rest, and the day's panels loading (#44)", async () => {
    const { cookie } = await signUp(t.app);
    await withLanguage(t.app, cookie, 'Korean');
    const zone = learnerZone(undefined);
    const add = await t.app.inject({ method: 'POST', url: '/api/user/daily-activity', headers: { cookie }, payload: { date: learnerToday(new Date(), zone), readingDailyMins: 35 } });
    expect(add.statusCode, add.body).toBeLessThan(300);
    const shown = (html: string) => html.replace(/<script[^>]*>.*?<\/script>/gs, '').replace(/<style[^>]*>.*?<\/style>/gs, '');
    for (const unnamed of [cookie, `${cookie}; tz=Mars/Olympus`]) {
      const html = shown(htmlOf(await page('/dashboard', unnamed)));
      // The first visit, or a zone the server cannot read: what holds whatever the day, and no figure of a guessed day.
      expect(html, unnamed).toContain('id="first-screen"');
      expect(html, unnamed).toContain('Korean');
      expect(html, unnamed).toContain('Total Hours');
      expect(html, unnamed).toContain('Loading...');
      expect(html, unnamed).not.toContain('0h 35m');
    }
    const named = shown(htmlOf(await page('/dashboard', `${cookie}; tz=${encodeURIComponent(zone)}`)));
    expect(named).toContain('id="first-screen"');
    expect(named).toContain('Korean');
    expect(named).toContain('0h 35m');
  });

  it("without the device's tz cookie, draws the day of the zone the account keeps: today's figures for that zone's today", async () => {
    // 20:00 UTC on 10 March is already 05:00 on 11 March in Tokyo: the server's own (UTC) day is another.
    const clocked = await buildTestApp({ spaDir, now: () => new Date('2026-03-10T20:00:00Z') });
    try {
      const at = (url: string, cookie: string) => clocked.app.inject({ method: 'GET', url, headers: { cookie } });
      const { cookie } = await signUp(clocked.app);
      await withLanguage(clocked.app, cookie, 'Japanese');
      const zone = await clocked.app.inject({ method: 'PUT', url: '/api/user/preferences', headers: { cookie }, payload: { timeZone: 'Asia/Tokyo' } });
      expect(zone.statusCode, zone.body).toBe(200);
      for (const [date, listeningDailyMins] of [['2026-03-10', 40], ['2026-03-11', 25]] as const) {
        const add = await clocked.app.inject({ method: 'POST', url: '/api/user/daily-activity', headers: { cookie }, payload: { date, listeningDailyMins } });
        expect(add.statusCode, add.body).toBe(200);
      }

      const res = await at('/dashboard', cookie);
      expect(res.statusCode).toBe(200);
      const html = htmlOf(res);
      expect(html).toContain('data-time-zone="Asia/Tokyo"');
      const answers = new Map(answersIn(res)!.map((a) => [`${a.endpointName}(${a.arg ?? ''})`, a.value]));
      expect(answers.get('getDailyMinutes(2026-03-11)')).toMatchObject({ listeningDailyMins: 25 });
      expect(answers.has('getDailyMinutes(2026-03-10)')).toBe(false);
      expect(answers.has('getMonthActivities(2026-03)')).toBe(true);
      // The first screen in the HTML carries Tokyo's today: 25 minutes, not UTC's 40.
      expect(html).toContain('id="first-screen"');
      const shown = html.replace(/<script[^>]*>.*?<\/script>/gs, '').replace(/<style[^>]*>.*?<\/style>/gs, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
      expect(shown).toMatch(/Daily goal 0h 25m \//);
      expect(shown).not.toContain('0h 40m');
      expect(shown).not.toContain('Loading...');

      // The device's own zone, when it names one, comes first: on UTC's 10 March the day holds 40 minutes.
      const named = await at('/dashboard', `${cookie}; tz=UTC`);
      expect(htmlOf(named)).toContain('data-time-zone="UTC"');
      expect(new Map(answersIn(named)!.map((a) => [`${a.endpointName}(${a.arg ?? ''})`, a.value])).get('getDailyMinutes(2026-03-10)')).toMatchObject({
        listeningDailyMins: 40,
      });
    } finally {
      await clocked.close();
    }
  });

  it("never puts another learner's data into a page", async () => {
    const first = await signUp(t.app);
    await withLanguage(t.app, first.cookie, 'Italian');
    const previous = await t.app.inject({ method: 'POST', url: '/api/user/previous-time', headers: { cookie: first.cookie }, payload: { previousHours: 1730 } });
    expect(previous.statusCode, previous.body).toBe(200);
    const second = await signUp(t.app);
    await withLanguage(t.app, second.cookie, 'German');
    const answers = answersIn(await page('/dashboard', second.cookie))!;
    expect(answers.find((a) => a.endpointName === 'getUserLanguage')?.value).toEqual({ name: 'German' });
    const body = JSON.stringify(answers);
    expect(body).toContain(second.email);
    expect(body).not.toContain(first.email);
    expect(body).not.toContain('1730');
  });

  it('writes the answers so no text can end the script element or break the JSON', () => {
    const hostile = '</script><script>alert(1)</script>\u2028\u2029&<!--';
    const script = answersScript({ timeZone: 'UTC', answers: [{ endpointName: 'x', arg: undefined, value: { name: hostile } }] });
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).not.toMatch(/[\u2028\u2029]|<!--/);
    const json = /^<script type="application\/json" id="first-answers" data-time-zone="UTC">(.*)<\/script>$/s.exec(script)![1];
    expect(JSON.parse(json)[0].value.name).toBe(hostile);
  });
});
