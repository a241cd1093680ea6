import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityRecord } from '@common/api-types';
import { localIsoDate } from '@common/domain';
import { seedSignedInLearner } from '../../mocks/db';
import { setViewportWidth } from '../../utils';
import { DASHBOARD_TEST_TIMEOUT, renderDashboard, warmUpDashboard } from './renderDashboard';

const today = (listeningDailyMins: number): ActivityRecord => ({
  date: localIsoDate(),
  achieved: false,
  listeningDailyMins,
  readingDailyMins: 0,
  speakingDailyMins: 0,
  writingDailyMins: 0,
});

describe('daily goal widget', { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  beforeAll(...warmUpDashboard);
  beforeEach(() => setViewportWidth(1280));

  it('shows the goal bar in the top bar on wide screens, capped at the goal', async () => {
    seedSignedInLearner('Spanish', { dailyGoalMinutes: 30, activities: [today(45)] });
    await renderDashboard();
    const banner = await screen.findByRole('banner');
    const bar = await within(banner).findByRole('progressbar', { name: 'Daily goal' });
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(bar).toHaveAttribute('aria-valuemax', '30');
    expect(within(banner).getByText('Congratulations, daily goal complete!')).toBeInTheDocument();
    // Only the bar is capped: the text says what was really done.
    expect(within(banner).getByText('0h 45m / 0h 30m')).toBeInTheDocument();
  });

  it('shows small progress: 10 minutes of a 12-hour goal fill a visible sliver of the bar', async () => {
    seedSignedInLearner('Spanish', { dailyGoalMinutes: 720, activities: [today(10)] });
    await renderDashboard();
    const banner = await screen.findByRole('banner');
    const bar = await within(banner).findByRole('progressbar', { name: 'Daily goal' });
    expect(bar).toHaveAttribute('aria-valuenow', '10');
    const fill = within(bar).getByTestId('progress-fill');
    expect(fill).toHaveStyle({ width: `${(10 / 720) * 100}%`, minWidth: '8px' });
  });

  it("says 'Only ... left' when under an hour of the goal remains", async () => {
    seedSignedInLearner('Spanish', { dailyGoalMinutes: 30, activities: [today(5)] });
    await renderDashboard();
    expect(await screen.findByText('Only 0h 25m left - you can do it!')).toBeInTheDocument();
  });

  it('gives the time left without "Only" when an hour or more remains', async () => {
    seedSignedInLearner('Spanish', { dailyGoalMinutes: 90, activities: [] });
    await renderDashboard();
    expect(await screen.findByText('1h 30m left - you can do it!')).toBeInTheDocument();
  });

  it('moves the goal below the top bar on narrow screens', async () => {
    setViewportWidth(375);
    seedSignedInLearner('Spanish', { dailyGoalMinutes: 30, activities: [today(10)] });
    await renderDashboard();
    const bar = await screen.findByRole('progressbar', { name: 'Daily goal' });
    expect(within(screen.getByRole('banner')).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('progressbar', { name: 'Daily goal' })).toBe(bar);
    expect(screen.getByText('Only 0h 20m left - you can do it!')).toBeInTheDocument();
  });
});
