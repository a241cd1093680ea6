import { screen } from '@testing-library/react';
import { renderApp } from '../../utils';

/**
 * The dashboard renders every panel and a chart, which on a busy 2-core machine can exceed
 * vitest's default 5 s per test; the dashboard's test files give each test this much instead.
 */
export const DASHBOARD_TEST_TIMEOUT = 20000;

/**
 * Loads the lazy dashboard chunk and the chart's before a file's first test, so a cold
 * transform on a busy machine does not eat into that test's own time limit.
 */
export const warmUpDashboard = [
  // The dashboard asks for the pie chart's code (victory) and the dialogs' once it is up (issue #45).
  () =>
    Promise.all([
      import('@/app/DashboardScreen'),
      import('@/components/charts/PieRing'),
      import('@/features/dashboard/EditDayModal'),
      import('@/features/dashboard/LevelModal'),
      import('@/features/dashboard/StartLanguageModal'),
      import('@/features/timer/TimerQuestions'),
    ]),
  60000,
] as const;

/**
 * The real app at /dashboard, resolved once the dashboard screen is on the page (within most of
 * the test's own limit: a CI run on a loaded host once took over 5 s to leave 'Loading...').
 */
export async function renderDashboard() {
  const result = renderApp('/dashboard');
  await screen.findByRole('main', {}, { timeout: DASHBOARD_TEST_TIMEOUT - 5000 });
  return result;
}
