/**
 * Issue 31, item 6: at midnight an open dashboard kept yesterday as "Today" until the next tap.
 * It now turns to the new day by itself, at the learner's midnight or at their day boundary
 * (issue 28): the Today panel, the goal bar and the calendar's today move, and the new day's
 * minutes are read. Only the clock is fake; the dashboard's own timer brings the change.
 */
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API_PATHS } from '@common/apiPaths';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { current, db, seedSignedInLearner } from '../../mocks/db';
import { api } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderApp, setViewportWidth } from '../../utils';
import { day } from './calendarHelpers';
import { DASHBOARD_TEST_TIMEOUT, warmUpDashboard } from './renderDashboard';

// Whole screens load lazily on a machine shared by many test runs.
configure({ asyncUtilTimeout: 5000 });

/** The dashboard, given the time a loaded machine needs for a file's first render. */
async function renderDashboard() {
  renderApp('/dashboard');
  await screen.findByRole('main', {}, { timeout: 15000 });
}
const todayPanel = () => screen.findByRole('region', { name: 'Today' });
const todayTile = (name: RegExp) => screen.findByRole('button', { name }, { timeout: 5000 });

describe('an open dashboard at the turn of the day', { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  beforeAll(...warmUpDashboard);
  beforeEach(() => {
    setViewportWidth(1280);
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('moves to the new day by itself at midnight', async () => {
    vi.setSystemTime(new Date(2026, 10, 21, 23, 59, 59));
    seedSignedInLearner('Spanish', { dailyGoalMinutes: 30, activities: [day('2026-11-21', true, { listeningDailyMins: 50 })] });
    await renderDashboard();
    expect(await within(await todayPanel()).findByText('Total 0h 50m')).toBeInTheDocument();
    await todayTile(/^Saturday 21 November 2026, 50 minutes, today/);

    vi.setSystemTime(new Date(2026, 10, 22, 0, 0, 0, 500));
    expect(await within(await todayPanel()).findByText('Total 0h 0m', {}, { timeout: 5000 })).toBeInTheDocument();
    await todayTile(/^Sunday 22 November 2026, 0 minutes, today/);
    expect(screen.getByRole('button', { name: /^Saturday 21 November 2026, 50 minutes, goal achieved/ })).toBeInTheDocument();
    expect(screen.getByText('0h 0m / 0h 30m')).toBeInTheDocument();
  });

  it('with the day ending at 02:00, keeps the evening as today at 01:59 and moves on at 02:00', async () => {
    vi.setSystemTime(new Date(2026, 10, 22, 1, 59, 59));
    seedSignedInLearner('Spanish', { dailyGoalMinutes: 30, activities: [day('2026-11-21', true, { listeningDailyMins: 50 })] });
    db.dayEndsAtHour = 2;
    await renderDashboard();
    expect(await within(await todayPanel()).findByText('Total 0h 50m', {}, { timeout: 5000 })).toBeInTheDocument();
    await todayTile(/^Saturday 21 November 2026, 50 minutes, today/);

    vi.setSystemTime(new Date(2026, 10, 22, 2, 0, 0, 500));
    expect(await within(await todayPanel()).findByText('Total 0h 0m', {}, { timeout: 5000 })).toBeInTheDocument();
    await todayTile(/^Sunday 22 November 2026, 0 minutes, today/);
  });

  it('with the day ending at 02:00, an add at 00:30 counts for the evening before', async () => {
    vi.setSystemTime(new Date(2026, 10, 22, 0, 30, 0));
    seedSignedInLearner('Spanish', { dailyGoalMinutes: 30, activities: [day('2026-11-21', false, { listeningDailyMins: 20 })] });
    db.dayEndsAtHour = 2;
    await renderDashboard();
    await todayTile(/^Saturday 21 November 2026, 20 minutes, today/);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Listening Time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Listening Time' });
    await user.type(within(dialog).getByLabelText('Minutes'), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(current().activities).toEqual([expect.objectContaining({ date: '2026-11-21', listeningDailyMins: 35 })]));
    expect(await within(await todayPanel()).findByText('Total 0h 35m')).toBeInTheDocument();
  });

  it('a calendar showing the last day of a month moves on to the new month with the new day', async () => {
    vi.setSystemTime(new Date(2026, 10, 30, 23, 59, 59));
    seedSignedInLearner('Spanish');
    await renderDashboard();
    await screen.findByRole('table', { name: 'November 2026' }, { timeout: 5000 });
    vi.setSystemTime(new Date(2026, 11, 1, 0, 0, 0, 500));
    await screen.findByRole('table', { name: 'December 2026' }, { timeout: 5000 });
    await todayTile(/^Tuesday 1 December 2026, 0 minutes, today/);
  });

  it('a reload that cannot read the boundary keeps the one last read on this device', async () => {
    vi.setSystemTime(new Date(2026, 10, 22, 0, 30, 0));
    seedSignedInLearner('Spanish', { activities: [day('2026-11-21', false, { listeningDailyMins: 20 })] });
    db.dayEndsAtHour = 2;
    await renderDashboard();
    await todayTile(/^Saturday 21 November 2026, 20 minutes, today/);
    cleanup();

    server.use(http.get(api(API_PATHS.dayBoundary), () => HttpResponse.error()));
    await renderDashboard();
    await todayTile(/^Saturday 21 November 2026, 20 minutes, today/);
    expect(await within(await todayPanel()).findByText('Total 0h 20m')).toBeInTheDocument();
  });
});
