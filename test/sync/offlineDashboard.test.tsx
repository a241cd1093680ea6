import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { localIsoDate } from '@common/domain';
import { formatLongDate } from '@/lib/calendar';
import { current, seedSignedInLearner } from '../mocks/db';
import { setViewportWidth } from '../utils';
import { DASHBOARD_TEST_TIMEOUT, renderDashboard, warmUpDashboard } from '../features/dashboard/renderDashboard';

const today = localIsoDate();
const listeningOnServer = () => current().activities.find((a) => a.date === today)?.listeningDailyMins ?? 0;

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

async function addListening(user: Awaited<ReturnType<typeof renderDashboard>>['user'], minutes: string) {
  await user.click(await screen.findByRole('button', { name: 'Listening Time' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Listening Time' });
  await user.type(within(dialog).getByLabelText('Minutes'), minutes);
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('logging while offline', { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  beforeAll(...warmUpDashboard);
  beforeEach(() => {
    setViewportWidth(1280);
    seedSignedInLearner();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows an offline add at once as waiting to sync, and sends it once the network is back', async () => {
    const { user } = await renderDashboard();
    await screen.findByText(/^Total \d+h \d+m$/);
    setOnline(false);
    expect(await screen.findByText(/You are offline\. Time you add is kept on this device/)).toBeInTheDocument();

    await addListening(user, '25');
    expect(screen.getByText('Total 0h 25m')).toBeInTheDocument();
    expect(screen.getByText('Waiting to sync')).toBeInTheDocument();
    expect(screen.getByText('1 waiting to sync')).toHaveAttribute('role', 'status');
    expect(listeningOnServer()).toBe(0);

    setOnline(true);
    await waitFor(() => expect(screen.queryByText('Waiting to sync')).not.toBeInTheDocument());
    expect(listeningOnServer()).toBe(25);
    expect(await screen.findByText('Total 0h 25m')).toBeInTheDocument();
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
  });

  it("says why an add sent later was refused, takes it off the figures, and offers 'Edit day' and 'Discard'", async () => {
    seedSignedInLearner('Spanish', {
      activities: [{ date: today, achieved: true, listeningDailyMins: 950, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0 }],
    });
    const { user } = await renderDashboard();
    await screen.findByText('Total 15h 50m');
    setOnline(false);
    await addListening(user, '9');
    // Meanwhile another device fills the day.
    current().activities[0].listeningDailyMins = 960;
    setOnline(true);

    const refused = await screen.findByRole('list', { name: 'Adds not saved' });
    expect(refused).toHaveTextContent('0h 9m of Listening');
    expect(refused).toHaveTextContent('You can log at most 16 hours for one skill in a day.');
    expect(listeningOnServer()).toBe(960);
    // The 9 minutes are gone from the figures: the day shows what was there before, or the other device's.
    expect(['Total 15h 50m', 'Total 16h 0m']).toContain(screen.getByText(/^Total \d+h \d+m$/).textContent);
    await user.click(within(refused).getByRole('button', { name: 'Edit day' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await user.click(within(refused).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Adds not saved' })).not.toBeInTheDocument());
  });

  it('says editing a day needs a connection instead of failing', async () => {
    const { user } = await renderDashboard();
    await screen.findByText(/^Total \d+h \d+m$/);
    setOnline(false);
    await user.click(await screen.findByRole('button', { name: new RegExp(`^${formatLongDate(today)},`) }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Needs a connection' })).toBeDisabled();
  });
});
