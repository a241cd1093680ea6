/**
 * Issue #18, one round trip for the dashboard's data: the guard's checks and every panel's read
 * start together (src/app/prefetch.ts, from the route's loader), none waits for another's answer;
 * and the answers arriving together do not set off a storm of renders.
 */
import { Profiler } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localIsoDate } from '@common/domain';
import { makeMemoryRouter } from '@/app/router';
import { makeStore } from '@/app/store';
import { seedSignedInLearner } from '../../mocks/db';
import { api } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderWithProviders, setViewportWidth } from '../../utils';
import { DASHBOARD_TEST_TIMEOUT, warmUpDashboard } from './renderDashboard';

const key = (request: Request) => {
  const url = new URL(request.url);
  return `${request.method} ${url.pathname}${url.search}`;
};

/** The app at /dashboard with a fresh store; `commits` counts React's commits of the whole tree. */
function renderDashboardCounting() {
  const counter = { commits: 0 };
  const store = makeStore();
  const router = makeMemoryRouter('/dashboard', store);
  const result = renderWithProviders(
    <Profiler id="app" onRender={() => (counter.commits += 1)}>
      <RouterProvider router={router} />
    </Profiler>,
    { store },
  );
  return { ...result, counter };
}

/** Waits until every panel shows its data: the streak, the calendar's month, today's total and the levels. */
async function dashboardShown() {
  const month = new Date(`${localIsoDate()}T12:00:00`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });
  await screen.findByRole('table', { name: month }, { timeout: 10000 });
  const progress = await screen.findByRole('region', { name: 'Progress' });
  await within(progress).findByText('10');
  await screen.findByText(/in a row this week/);
}

/** Every GET the dashboard makes on arrival, recorded from a load whose answers are not held. */
async function readsOfADashboardLoad(): Promise<Set<string>> {
  const reads = new Set<string>();
  const record = ({ request }: { request: Request }) => {
    if (request.method === 'GET') reads.add(key(request));
  };
  server.events.on('request:start', record);
  const { unmount } = renderDashboardCounting();
  await dashboardShown();
  // Reads that start only after others have answered would arrive now.
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
  server.events.removeListener('request:start', record);
  unmount();
  return reads;
}

describe('dashboard first paint', { timeout: DASHBOARD_TEST_TIMEOUT * 2 }, () => {
  beforeAll(...warmUpDashboard);
  beforeEach(() => {
    setViewportWidth(1280);
    seedSignedInLearner('Spanish', { previousHours: 10 });
  });
  afterEach(() => server.resetHandlers());

  it('requests every dashboard read, the guard\'s included, before any of them is answered', async () => {
    const reads = await readsOfADashboardLoad();
    // The load really read the panels' data (a guard-only load would make this test vacuous).
    for (const call of ['GET /api/auth/check', 'GET /api/user/has-language', 'GET /api/user/progress', `GET /api/user/daily-activity?date=${localIsoDate()}`]) {
      expect(reads, call).toContain(call);
    }
    expect(reads.size).toBeGreaterThanOrEqual(12);

    seedSignedInLearner('Spanish', { previousHours: 10 });
    const started = new Set<string>();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Holds every answer until released; then the usual handlers answer (a resolver that returns nothing falls through).
    server.use(
      http.get(api('/*'), async ({ request }) => {
        started.add(key(request));
        await held;
      }),
    );
    const { counter } = renderDashboardCounting();
    try {
      await waitFor(() => expect([...reads].filter((call) => !started.has(call))).toEqual([]), { timeout: 5000 });
    } finally {
      release();
    }
    const commitsBeforeAnswers = counter.commits;
    await dashboardShown();
    // All answers arrive together: the panels render them in a few commits, not one or more per read.
    expect(counter.commits - commitsBeforeAnswers).toBeLessThanOrEqual(6);
  });
});
