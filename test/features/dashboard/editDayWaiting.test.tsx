/** Issue #39, item 7: the edit-day dialog counts the day's adds still waiting to sync, so saving never doubles them. */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CalendarPanel } from '@/features/dashboard/CalendarPanel';
import { addRequested } from '@/sync/outboxRequests';
import { seedSignedInLearner } from '../../mocks/db';
import { renderWithProviders } from '../../utils';
import { day, freezeToday } from './calendarHelpers';
import { DASHBOARD_TEST_TIMEOUT } from './renderDashboard';

freezeToday();

const PAST_DAY = 'Tuesday 3 November 2026, 1 hour 15 minutes, goal achieved';

describe('Edit-day modal beside waiting adds', { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    seedSignedInLearner('Spanish', { activities: [day('2026-11-03', true, { listeningDailyMins: 75 })] });
  });
  afterEach(() => vi.restoreAllMocks());

  it('says how many minutes of the day wait to sync and keeps the saved values in the fields', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { store, user } = renderWithProviders(<CalendarPanel />);
    store.dispatch(addRequested({ key: 'waiting-add-1', body: { date: '2026-11-03', listeningDailyMins: 20 }, origin: 'tap' }));
    store.dispatch(addRequested({ key: 'waiting-add-2', body: { date: '2026-11-03', readingDailyMins: 5 }, origin: 'tap' }));
    await user.click(await screen.findByRole('button', { name: PAST_DAY }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Waiting to sync for this day: 0h 20m of Listening, 0h 5m of Reading.');
    const listening = within(within(dialog).getByRole('group', { name: 'Listening' }));
    expect(listening.getByLabelText('Hours')).toHaveValue('1');
    expect(listening.getByLabelText('Minutes')).toHaveValue('15');
  });

  it('says nothing of the kind for a day with no waiting add', async () => {
    const { user } = renderWithProviders(<CalendarPanel />);
    await user.click(await screen.findByRole('button', { name: PAST_DAY }, { timeout: 5000 }));
    expect(within(await screen.findByRole('dialog')).queryByText(/Waiting to sync/)).not.toBeInTheDocument();
  });
});
