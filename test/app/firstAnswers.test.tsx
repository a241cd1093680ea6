/**
 * Issue #32: the answers a signed-in page carries seed RTK Query's cache before the first render,
 * so the dashboard shows the learner's data without a single request; and the reads the server
 * answers (common/firstReads.ts) are the very requests, and cache keys, the SPA makes.
 */
import { act, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '@common/apiPaths';
import { dashboardReads } from '@common/firstReads';
import { firstScreenFacts } from '@common/firstScreen';
import { localIsoDate } from '@common/domain';
import { apiSlice } from '@/api/apiSlice';
import { keepFirstScreen, rememberTimeZone, seedFirstAnswers } from '@/app/firstAnswers';
import { makeStore } from '@/app/store';
import { LoadingScreen } from '@/components/StatusMessage';
import { theme } from '@/styles/theme';
import { seedSignedInLearner } from '../mocks/db';
import { api } from '../mocks/http';
import { server } from '../mocks/server';
import { renderApp, setViewportWidth } from '../utils';
import { DASHBOARD_TEST_TIMEOUT, warmUpDashboard } from '../features/dashboard/renderDashboard';

type AnyEndpoint = { initiate: (arg: unknown, options?: object) => Parameters<ReturnType<typeof makeStore>['dispatch']>[0] };
const endpoint = (name: string) => (apiSlice.endpoints as unknown as Record<string, AnyEndpoint>)[name];

function recordRequests(): { urls: string[]; stop(): void } {
  const urls: string[] = [];
  const record = ({ request }: { request: Request }) => urls.push(`${request.method} ${request.url}`);
  server.events.on('request:start', record);
  return { urls, stop: () => server.events.removeListener('request:start', record) };
}

/** The page as the server writes it: the answers of the dashboard's first reads, asked by their paths. */
async function pageWithAnswers(today: string) {
  const answers: { endpointName: string; arg: string | undefined; value: unknown }[] = [];
  for (const read of dashboardReads(today)) {
    const res = await fetch(api(read.path));
    expect(res.status, read.path).toBe(200);
    answers.push({ endpointName: read.endpointName, arg: read.arg, value: await res.json() });
  }
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'first-answers';
  element.textContent = JSON.stringify(answers);
  document.body.append(element);
  const value = (name: string) => answers.find((a) => a.endpointName === name)?.value;
  return firstScreenFacts({
    language: value('getUserLanguage'),
    progress: value('getProgress'),
    previousHours: value('getPreviousHours'),
    dailyGoal: value('getDailyGoal'),
    todayMinutes: value('getDailyMinutes'),
  } as Parameters<typeof firstScreenFacts>[0]);
}

describe('first answers in the page', { timeout: DASHBOARD_TEST_TIMEOUT * 2 }, () => {
  beforeAll(...warmUpDashboard);
  beforeEach(() => {
    setViewportWidth(1280);
    seedSignedInLearner('Spanish', { previousHours: 10 });
  });
  afterEach(() => document.getElementById('first-answers')?.remove());

  it('asks, for each first read the server answers, the same path the api slice does', async () => {
    const store = makeStore();
    for (const read of dashboardReads(localIsoDate())) {
      const requests = recordRequests();
      await store.dispatch(endpoint(read.endpointName).initiate(read.arg, { subscribe: false }));
      requests.stop();
      expect(requests.urls, read.endpointName).toEqual([`GET ${api(read.path)}`]);
    }
  });

  it("shows the learner's dashboard from a seeded cache without asking the network for anything", async () => {
    const facts = await pageWithAnswers(localIsoDate());
    const store = makeStore();
    seedFirstAnswers(store);
    expect(document.getElementById('first-answers')).toBeNull();
    const requests = recordRequests();
    try {
      renderApp('/dashboard', { store });
      const progress = await screen.findByRole('region', { name: 'Progress' }, { timeout: 10000 });
      await within(progress).findByText('10');
      await screen.findByText(/in a row this week/);
      // The server's shell of the first facts (common/firstScreen.ts) says what the dashboard says.
      expect(screen.getByRole('banner')).toHaveTextContent(facts!.language);
      expect(progress).toHaveTextContent(`Total Hours${facts!.totalHours}`);
      expect(screen.getAllByText(`${facts!.goal!.done} / ${facts!.goal!.target}`).length).toBeGreaterThan(0);
      // A read that waited for another's answer would start now.
      await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
      expect(requests.urls).toEqual([]);
    } finally {
      requests.stop();
    }
  });

  it('leaves a page without answers, or with a broken one, to the usual reads', async () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'first-answers';
    element.textContent = '[{"endpointName":';
    document.body.append(element);
    const store = makeStore();
    seedFirstAnswers(store);
    const requests = recordRequests();
    try {
      renderApp('/dashboard', { store });
      expect(await screen.findByRole('region', { name: 'Progress' }, { timeout: 10000 })).toBeInTheDocument();
    } finally {
      requests.stop();
    }
    // Nothing was taken from the broken page: the dashboard asked the server for its reads.
    expect(requests.urls).toContain(`GET ${api(API_PATHS.progress)}`);
    expect(requests.urls).toContain(`GET ${api(API_PATHS.authCheck)}`);
  });

  it("keeps the server's first screen up while the app shows 'Loading...', and takes it away with the first real screen", async () => {
    const shell = document.createElement('div');
    shell.id = 'first-screen';
    shell.textContent = 'Spanish';
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(shell, root);
    keepFirstScreen();
    try {
      const wrapper = ({ children }: { children: React.ReactNode }) => <ThemeProvider theme={theme}>{children}</ThemeProvider>;
      const { rerender } = render(<LoadingScreen />, { container: root, wrapper });
      await act(() => Promise.resolve());
      expect(document.getElementById('first-screen')).not.toBeNull();
      rerender(<main>Dashboard</main>);
      await act(() => Promise.resolve());
      expect(document.getElementById('first-screen')).toBeNull();
    } finally {
      shell.remove();
      root.remove();
    }
  });

  it("keeps the tz cookie naming this device's zone: written when missing or naming another, not again when it is right (#44)", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    let jar = '';
    const written: string[] = [];
    const doc = {
      get cookie() { return jar; },
      set cookie(value: string) { written.push(value); jar = value.split(';')[0]; },
    } as unknown as Document;
    rememberTimeZone(doc);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(new RegExp(`^tz=${encodeURIComponent(zone)}; path=/; max-age=\\d+; samesite=lax$`));
    rememberTimeZone(doc);
    expect(written).toHaveLength(1);
    jar = `session=abc; tz=${zone === 'Asia/Tokyo' ? 'Europe%2FParis' : 'Asia%2FTokyo'}`;
    rememberTimeZone(doc);
    expect(written).toHaveLength(2);
  });
});
