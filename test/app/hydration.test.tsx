/**
 * Issue #45: a page that holds the server's render of the dashboard is hydrated, not drawn again.
 * The server's markup (the SSR entry, src/ssr/dashboardScreen.tsx) is put in the page as the
 * server writes it, and the app's own start (src/app/start.tsx) takes it over: React reports no
 * hydration it had to give up, the very elements the server drew stay on the page, and the
 * learner's figures stay on screen, on a phone and on a desktop, with and without the tz cookie.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_KEYED_READS, dashboardReads } from '@common/firstReads';
import { localIsoDate } from '@common/domain';
import { startApp } from '@/app/start';
import { firstRender } from '@/lib/firstRender';
import { prepareLocales, renderDashboardScreen, type DashboardScreenInput } from '@/ssr/dashboardScreen';
import { localeDir } from '@common/locales';
import { db, seedSignedInLearner } from '../mocks/db';
import { api } from '../mocks/http';
import { setViewportWidth } from '../utils';
import { DASHBOARD_TEST_TIMEOUT, warmUpDashboard } from '../features/dashboard/renderDashboard';

type Answers = DashboardScreenInput['answers'];

async function firstAnswers(today: string): Promise<Answers> {
  const answers = [];
  for (const read of dashboardReads(today)) {
    const res = await fetch(api(read.path));
    expect(res.status, read.path).toBe(200);
    answers.push({ endpointName: read.endpointName, arg: read.arg, value: await res.json() });
  }
  return answers as unknown as Answers;
}

/** The page as server/src/plugins/serverScreen.ts and spa.ts write it. */
async function serverPage(narrow: boolean, dayDrawn: boolean, now = Date.now(), locale = 'en') {
  const today = localIsoDate();
  const answers = await firstAnswers(today);
  const drawn = answers.filter((a) => dayDrawn || !DAY_KEYED_READS.has(a.endpointName)) as Answers;
  const { markup } = renderDashboardScreen({ answers: drawn, today, narrow, now, locale });
  // The page names its locale on <html> (spa.ts), which the app loads before it hydrates.
  document.documentElement.setAttribute('data-locale', locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = localeDir(locale);
  document.body.innerHTML =
    `<div id="root" data-server-screen data-today="${today}" data-narrow="${narrow}" data-day-drawn="${dayDrawn}" data-now="${now}" inert>${markup}</div>` +
    `<script type="application/json" id="first-answers">${JSON.stringify(answers)}</script>`;
  return document.getElementById('root')!;
}

let root: Root | undefined;
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 300)));

describe("the app hydrates the server's first screen", { timeout: DASHBOARD_TEST_TIMEOUT * 2 }, () => {
  beforeAll(...warmUpDashboard);
  beforeAll(() => prepareLocales());
  beforeEach(() => {
    seedSignedInLearner('Spanish', {
      previousHours: 1230,
      dailyGoalMinutes: 30,
      activities: [{ date: localIsoDate(), achieved: false, listeningDailyMins: 0, readingDailyMins: 20, speakingDailyMins: 0, writingDailyMins: 0 }],
    });
    window.history.replaceState(null, '', '/dashboard');
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    delete firstRender.today;
    delete firstRender.narrow;
    delete firstRender.now;
    document.body.innerHTML = '';
    document.documentElement.removeAttribute('data-locale');
    vi.restoreAllMocks();
  });

  for (const [locale, loading] of [
    ['de', 'Wird geladen...'],
    ['ar', 'جارٍ التحميل...'],
  ] as const) {
    it(`hydrates a screen the server drew in ${locale} with no hydration error, in that locale`, async () => {
      setViewportWidth(1280);
      const container = await serverPage(false, false, Date.now(), locale);
      expect(container).toHaveTextContent(loading);
      const errors: unknown[] = [];
      const consoleErrors = vi.spyOn(console, 'error');
      root = await act(() => startApp({ onRecoverableError: (error) => errors.push(error) }));
      await settle();
      expect(errors).toEqual([]);
      expect(consoleErrors.mock.calls.map((call) => call.map(String).join(' ')).filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
      expect(container).not.toHaveAttribute('inert');
      expect(document.documentElement.lang).toBe(locale);
      expect(document.documentElement.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    });
  }

  for (const [width, narrow] of [
    [375, true],
    [1280, false],
  ] as const) {
    for (const dayDrawn of [true, false]) {
      it(`keeps the server's markup and the learner's figures, with no hydration error, ${narrow ? 'on a phone' : 'on a desktop'}, ${dayDrawn ? 'with' : 'without'} the tz cookie`, async () => {
        setViewportWidth(width);
        const container = await serverPage(narrow, dayDrawn);
        const banner = container.querySelector('header');
        expect(banner).not.toBeNull();
        expect(container).toHaveTextContent('Spanish');
        const errors: unknown[] = [];
        const consoleErrors = vi.spyOn(console, 'error');
        root = await act(() => startApp({ onRecoverableError: (error) => errors.push(error) }));
        await settle();
        await waitFor(() => expect(screen.getAllByText('0h 20m / 0h 30m').length).toBeGreaterThan(0));
        expect(errors).toEqual([]);
        expect(consoleErrors.mock.calls.map((call) => call.map(String).join(" ")).filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
        // Hydrated, not replaced: the element the server drew is the one on the page.
        expect(banner!.isConnected).toBe(true);
        expect(container).not.toHaveAttribute('inert');
        expect(container).toHaveTextContent('Spanish');
        expect(container).toHaveTextContent('1,230');
      });
    }
  }

  it("replays a tap on a skill's Add made while the dashboard still hydrates: the Add dialog opens", async () => {
    setViewportWidth(1280);
    const container = await serverPage(false, true);
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    // React's own scheduling, as in a browser: the hydration goes on in slices after startApp returns.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const errors: unknown[] = [];
      root = await startApp({ onRecoverableError: (error) => errors.push(error) });
      const add = within(container).getByRole('button', { name: 'Reading Time' });
      // The tap comes before React has hydrated the panel (its button has no handler of React's yet).
      expect(Object.keys(add).some((key) => key.startsWith('__reactProps'))).toBe(false);
      add.click();
      expect(await screen.findByRole('dialog', { name: 'Add Reading Time' }, { timeout: 5000 })).toBeInTheDocument();
      expect(errors).toEqual([]);
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it("hydrates a running timer's elapsed time as the server drew it, then shows the real one", async () => {
    setViewportWidth(1280);
    db.timer = { id: 'timer-of-the-hydration-test', language: 'Spanish', skill: 'reading', startedAt: new Date(Date.now() - 45 * 60_000).toISOString() };
    // The server drew its page 5 seconds ago: its clock reads 0:44:55.
    const container = await serverPage(false, true, Date.now() - 5000);
    expect(within(container).getByRole('timer')).toHaveTextContent('0:44:55');
    const errors: unknown[] = [];
    const consoleErrors = vi.spyOn(console, 'error');
    root = await act(() => startApp({ onRecoverableError: (error) => errors.push(error) }));
    await settle();
    expect(errors).toEqual([]);
    expect(consoleErrors.mock.calls.map((call) => call.map(String).join(' ')).filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
    await waitFor(() => expect(within(container).getByRole('timer')).toHaveTextContent(/^0:45:0\d$/));
  });
});
