/**
 * Issue #32: the dashboard's first screen as the server renders it (src/ssr/dashboardScreen.tsx,
 * the build the server loads) from the answers the page carries: the learner's own language, goal
 * line, skills and total, for their today, in a phone's layout and tab when the page is for a phone.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { drawableAnswers, firstAnswers } from '../src/plugins/firstAnswers';
import { isPhone } from '../src/plugins/serverScreen';
import { learnerToday, learnerZone } from '../src/domain/learnerDay';
import { prepareLocales, renderDashboardScreen, type DashboardScreenInput } from '../../src/ssr/dashboardScreen';
import { buildTestApp, describeDb, signUp, withLanguage, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await prepareLocales();
});
afterAll(() => t.close());

const text = (html: string) => html.replace(/<style[^>]*>.*?<\/style>/gs, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

async function learnerPage(minutes: number) {
  const { cookie } = await signUp(t.app);
  await withLanguage(t.app, cookie, 'Portuguese');
  const today = learnerToday(new Date(), learnerZone(undefined));
  for (const [url, payload] of [
    ['/api/user/daily-goal', { dailyGoalMinutes: 45, date: today }],
    ['/api/user/daily-activity', { date: today, speakingDailyMins: minutes }],
    ['/api/user/previous-time', { previousHours: 120 }],
  ] as const) {
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
  }
  const request = { headers: { cookie }, cookies: {} } as unknown as FastifyRequest;
  const answers = await firstAnswers(t.app, request, '/dashboard');
  expect(answers?.today).toBe(today);
  return answers!;
}

/** The page's answers are JSON to the server, as to the render it loads (serverScreen.ts). */
const render = (answers: Awaited<ReturnType<typeof learnerPage>>, narrow: boolean, tab?: string) =>
  renderDashboardScreen({ answers: answers.answers as unknown as DashboardScreenInput['answers'], today: answers.today, narrow, tab });

describeDb("the server's first screen of the dashboard", () => {
  it("shows the learner's language, goal line, skills and total from the page's answers", async () => {
    const answers = await learnerPage(15);
    const { markup, styleTags } = render(answers, false);
    const shown = text(markup);
    expect(shown).toContain('Portuguese');
    expect(shown).toContain('0h 15m / 0h 45m');
    expect(shown).toContain('Only 0h 30m left - you can do it!');
    expect(shown).toContain('Total Hours');
    expect(shown).toContain('120');
    for (const skill of ['Listening', 'Reading', 'Speaking', 'Writing']) expect(shown).toContain(`${skill} Time`);
    expect(shown).not.toContain('Loading...');
    expect(styleTags).toMatch(/^<style[^>]*data-styled/);
  });

  it("draws a phone's layout with the tab the app kept, and the wide one otherwise", async () => {
    const answers = await learnerPage(50);
    const phone = render(answers, true, 'levels').markup;
    expect(phone).toContain('aria-label="Dashboard sections"');
    expect(phone).toMatch(/<nav[^>]*>.*aria-current="page"[^>]*>.*?Levels/s);
    const wide = render(answers, false, 'levels').markup;
    expect(wide).not.toContain('aria-label="Dashboard sections"');
    // The spec's message for a goal met.
    expect(text(wide)).toContain('Congratulations, daily goal complete!');
  });

  it("without the device's zone, draws what holds whatever the day and leaves the day's figures loading (#44)", async () => {
    const answers = await learnerPage(15);
    for (const narrow of [false, true]) {
      const shown = text(render(drawableAnswers({ ...answers, zoneKnown: false }), narrow).markup);
      expect(shown).toContain('Portuguese');
      expect(shown).toContain('Total Hours');
      expect(shown).toContain('Loading...');
      expect(shown).not.toContain('0h 15m / 0h 45m');
      expect(shown).not.toContain('Only 0h 30m left');
    }
    expect(text(render(drawableAnswers({ ...answers, zoneKnown: true }), false).markup)).toContain('0h 15m / 0h 45m');
  });

  it("draws in the page's locale, one i18n instance per request: no learner's language leaks into another's page", async () => {
    const answers = drawableAnswers({ ...(await learnerPage(15)), zoneKnown: false });
    const drawIn = (locale: string) =>
      text(renderDashboardScreen({ answers: answers.answers as unknown as DashboardScreenInput['answers'], today: answers.today, narrow: false, locale }).markup);
    const german = drawIn('de');
    expect(german).toContain('Wird geladen...');
    expect(drawIn('en')).toContain('Loading...');
    expect(drawIn('ar')).toContain('جارٍ التحميل...');
    expect(drawIn('en')).not.toContain('Wird geladen...');
  });

  it("names the page's locale: the account's App language, else the request's Accept-Language, else en", async () => {
    const { cookie } = await signUp(t.app);
    await withLanguage(t.app, cookie, 'Portuguese');
    const page = (headers: Record<string, string>) => firstAnswers(t.app, { headers: { cookie, ...headers }, cookies: {} } as unknown as FastifyRequest, '/dashboard');
    expect((await page({}))?.locale).toBe('en');
    expect((await page({ 'accept-language': 'pt;q=0.9, en;q=0.5' }))?.locale).toBe('pt-BR');
    await t.app.inject({ method: 'PUT', url: '/api/user/preferences', headers: { cookie }, payload: { uiLocale: 'ja' } });
    expect((await page({ 'accept-language': 'pt' }))?.locale).toBe('ja');
  });

  it('takes a phone from its client hint, else from its user agent', () => {
    const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
    expect(isPhone(request({ 'sec-ch-ua-mobile': '?1' }))).toBe(true);
    expect(isPhone(request({ 'sec-ch-ua-mobile': '?0', 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' }))).toBe(false);
    expect(isPhone(request({ 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36' }))).toBe(true);
    expect(isPhone(request({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' }))).toBe(false);
  });
});
