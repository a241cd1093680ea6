import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedSignedInLearner } from '../../mocks/db';
import { server } from '../../mocks/server';
import { setViewportWidth } from '../../utils';
import { DASHBOARD_TEST_TIMEOUT, renderDashboard, warmUpDashboard } from './renderDashboard';

const requests = new Map<string, number>();
const countRequest = ({ request }: { request: Request }) => {
  if (request.method !== 'GET') return;
  const path = new URL(request.url).pathname;
  requests.set(path, (requests.get(path) ?? 0) + 1);
};
const count = (path: string) => requests.get(`/api${path}`) ?? 0;

describe('refresh after adding time', { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  beforeAll(...warmUpDashboard);
  beforeEach(() => {
    setViewportWidth(1280);
    seedSignedInLearner('Spanish', { dailyGoalMinutes: 30, previousHours: 10 });
    requests.clear();
    server.events.on('request:start', countRequest);
  });
  afterEach(() => server.events.removeListener('request:start', countRequest));

  it("refetches daily minutes, progress, the day's month of activities, its month total and the streak summary, and the screen follows", async () => {
    const { user } = await renderDashboard();
    const progress = await screen.findByRole('region', { name: 'Progress' });
    expect(await within(progress).findByText('10')).toBeInTheDocument();
    expect(await screen.findByText('0h 30m left - you can do it!', { exact: false })).toBeInTheDocument();
    await waitFor(() => expect(count('/user/calendar/month-total')).toBeGreaterThan(0));
    const before = new Map(requests);
    const was = (path: string) => before.get(`/api${path}`) ?? 0;

    await user.click(screen.getByRole('button', { name: 'Reading Time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Reading Time' });
    await user.type(within(dialog).getByLabelText('Hours'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await within(progress).findByText('12')).toBeInTheDocument();
    expect(await screen.findByText('Congratulations, daily goal complete!')).toBeInTheDocument();
    for (const path of ['/user/daily-activity', '/user/progress', '/user/daily-activity/all', '/user/calendar/month-total']) {
      await waitFor(() => expect(count(path), path).toBe(was(path) + 1));
    }
    // The streak may change too; its summary is refetched (today's, and yesterday's while it is shown).
    await waitFor(() => expect(count('/user/calendar/summary')).toBeGreaterThan(was('/user/calendar/summary')));
    // Data the add cannot change is not fetched again.
    for (const path of ['/user/daily-goal', '/user/milestones', '/user/previous-time', '/languages', '/user/rest-days']) {
      expect(count(path), path).toBe(was(path));
    }
  });
});
