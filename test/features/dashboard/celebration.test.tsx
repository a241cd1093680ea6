import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityRecord } from '@common/api-types';
import { localIsoDate } from '@common/domain';
import { seedSignedInLearner } from '../../mocks/db';
import { setViewportWidth } from '../../utils';
import { DASHBOARD_TEST_TIMEOUT, renderDashboard, warmUpDashboard } from './renderDashboard';

const today = (minutes: Partial<ActivityRecord>): ActivityRecord => ({
  date: localIsoDate(), achieved: false, listeningDailyMins: 0, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0, ...minutes,
});

async function addMinutes(user: Awaited<ReturnType<typeof renderDashboard>>['user'], minutes: string) {
  await user.click(await screen.findByRole('button', { name: 'Listening Time' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Listening Time' });
  await user.type(within(dialog).getByLabelText('Minutes'), minutes);
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
}

// Each test adds time through the modal after the dashboard loads: twice a dashboard test's work.
describe('celebration', { timeout: 2 * DASHBOARD_TEST_TIMEOUT }, () => {
  beforeAll(...warmUpDashboard);
  beforeEach(() => setViewportWidth(1280));

  it("celebrates today's goal when the minutes just added complete it, until dismissed", async () => {
    seedSignedInLearner('Spanish', { activities: [today({ listeningDailyMins: 20 })] });
    const { user } = await renderDashboard();
    await screen.findByText('Only 0h 10m left - you can do it!');
    await addMinutes(user, '15');
    const banner = await screen.findByText("Today's goal is complete. Well done!");
    await user.click(within(banner.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText("Today's goal is complete. Well done!")).not.toBeInTheDocument();
  });

  it('celebrates a level reached by the minutes just added', async () => {
    seedSignedInLearner('Spanish', { previousHours: 49, activities: [today({ listeningDailyMins: 40 })] });
    const { user } = await renderDashboard();
    await screen.findByText('Congratulations, daily goal complete!');
    await addMinutes(user, '20');
    expect(await screen.findByText('Congratulations, you reached Level 1!')).toBeInTheDocument();
  });

  it('never celebrates on load an achievement that was already there', async () => {
    seedSignedInLearner('Spanish', { previousHours: 50, activities: [today({ listeningDailyMins: 45 })] });
    await renderDashboard();
    await screen.findByText('Congratulations, daily goal complete!');
    expect((await screen.findAllByText('Level 1')).length).toBeGreaterThan(0);
    expect(screen.queryByText("Today's goal is complete. Well done!")).not.toBeInTheDocument();
    expect(screen.queryByText(/you reached Level/)).not.toBeInTheDocument();
  });
});
