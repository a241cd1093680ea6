import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityRecord } from '@common/api-types';
import { seedSignedInLearner } from '../../mocks/db';
import { api, apiError } from '../../mocks/http';
import { server } from '../../mocks/server';
import { setViewportWidth } from '../../utils';
import { DASHBOARD_TEST_TIMEOUT, renderDashboard, warmUpDashboard } from './renderDashboard';

const day = (date: string, mins: Partial<ActivityRecord>): ActivityRecord => ({
  date,
  achieved: true,
  listeningDailyMins: 0,
  readingDailyMins: 0,
  speakingDailyMins: 0,
  writingDailyMins: 0,
  ...mins,
});

async function progressPanel() {
  return screen.findByRole('region', { name: 'Progress' });
}

describe('progress panel', { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  beforeAll(...warmUpDashboard);
  beforeEach(() => setViewportWidth(1280));

  it('counts whole hours logged plus previous hours, with the level and hours to the next one', async () => {
    // 3h 45m logged + 50 previous hours = 53 hours: level 1 (50), level 2 at 200.
    seedSignedInLearner('Spanish', {
      previousHours: 50,
      activities: [day('2024-01-02', { listeningDailyMins: 180, readingDailyMins: 45 })],
    });
    await renderDashboard();
    const panel = await progressPanel();
    expect(await within(panel).findByText('53')).toBeInTheDocument();
    expect(within(panel).getByText('Total Hours')).toBeInTheDocument();
    expect(within(panel).getByText('Level 1')).toBeInTheDocument();
    expect(within(panel).getByText('147 hours until Level 2')).toBeInTheDocument();
  });

  it("writes Total Hours with a thousands separator, so 2021 does not read like a year", async () => {
    seedSignedInLearner('Spanish', { previousHours: 2000, activities: [day('2024-01-02', { listeningDailyMins: 21 * 60 })] });
    await renderDashboard();
    const panel = await progressPanel();
    expect(await within(panel).findByText('2,021')).toBeInTheDocument();
  });

  it("congratulates at the highest level instead of counting hours", async () => {
    seedSignedInLearner('Spanish', { previousHours: 2000 });
    await renderDashboard();
    const panel = await progressPanel();
    expect(await within(panel).findByText('Level 6')).toBeInTheDocument();
    expect(within(panel).getByText('You made it to the highest level!')).toBeInTheDocument();
  });

  it("opens 'Level N' with that level's description from the plus button", async () => {
    seedSignedInLearner('Spanish', { previousHours: 200 });
    const { user } = await renderDashboard();
    const panel = await progressPanel();
    await user.click(await within(panel).findByRole('button', { name: 'Level details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Level 2' });
    expect(within(dialog).getByRole('heading', { name: 'The Doer' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("describes level 0 as 'Just getting started!'", async () => {
    seedSignedInLearner();
    const { user } = await renderDashboard();
    await user.click(await within(await progressPanel()).findByRole('button', { name: 'Level details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Level 0' });
    expect(within(dialog).getByText('Just getting started!')).toBeInTheDocument();
  });

  it("sums up the pie chart in text and in its legend in the app's one time format, hours and minutes", async () => {
    seedSignedInLearner('Spanish', {
      activities: [day('2024-01-02', { listeningDailyMins: 200, speakingDailyMins: 45 })],
    });
    await renderDashboard();
    const panel = await progressPanel();
    expect(await within(panel).findByRole('img', { name: 'Time per skill: Listening 3h 20m, Reading 0h 0m, Speaking 0h 45m, Writing 0h 0m' })).toBeInTheDocument();
    const legend = within(panel).getByRole('list', { name: 'Legend' });
    expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Listening3h 20m',
      'Reading0h 0m',
      'Speaking0h 45m',
      'Writing0h 0m',
    ]);
  });

  it('shows an empty state instead of a chart before any time is logged', async () => {
    seedSignedInLearner();
    await renderDashboard();
    const panel = await progressPanel();
    expect(await within(panel).findByText(/no time logged yet/i)).toBeInTheDocument();
    expect(within(panel).queryByRole('img')).not.toBeInTheDocument();
  });

  it('keeps the legend (Listening, Reading, Speaking, Writing) before the first minute, also with previous hours', async () => {
    for (const previousHours of [0, 120]) {
      seedSignedInLearner('Spanish', { previousHours });
      const { unmount } = await renderDashboard();
      const panel = await progressPanel();
      const legend = await within(panel).findByRole('list', { name: 'Legend' });
      expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Listening0h 0m', 'Reading0h 0m', 'Speaking0h 0m', 'Writing0h 0m']);
      expect(within(panel).getByText(/no time logged yet/i)).toBeInTheDocument();
      unmount();
    }
  });

  it("shows 'Error loading progress' when progress cannot be read", async () => {
    seedSignedInLearner();
    server.use(http.get(api('/user/progress'), () => apiError(500, 'INTERNAL_ERROR')));
    await renderDashboard();
    expect(await within(await progressPanel()).findByText('Error loading progress')).toBeInTheDocument();
  });
});
