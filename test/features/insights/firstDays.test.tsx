/** #44 item 11: Insights on a learner's first days count from their first logged day. */
import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityRecord } from '@common/api-types';
import { addDaysIso } from '@common/buckets';
import { localIsoDate } from '@common/domain';
import { seedSignedInLearner } from '../../mocks/db';
import { renderApp, setViewportWidth } from '../../utils';
import { DASHBOARD_TEST_TIMEOUT } from '../dashboard/renderDashboard';

const today = localIsoDate();
const day = (date: string, minutes: number, achieved: boolean): ActivityRecord => ({
  date, achieved, listeningDailyMins: minutes, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0,
});

async function openInsights() {
  renderApp('/insights');
  await screen.findByRole('heading', { name: 'Insights: Spanish', level: 1 }, { timeout: 5000 });
  await screen.findByRole('region', { name: 'Minutes per week, last 12 weeks' }, { timeout: 5000 });
}
const figure = (name: string) => screen.getByText(name).nextElementSibling?.textContent;

describe('insights on the first days', { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  beforeAll(() => import('@/features/insights/InsightsPage'), 60000);
  beforeEach(() => setViewportWidth(1280));

  it('a week at over an hour a day: the goal figures count the 7 days since the first one, and the pace is 70 min a day', async () => {
    // Six achieved days and one that is not, from 6 days ago to today.
    const week = Array.from({ length: 7 }, (_, i) => day(addDaysIso(today, i - 6), 70, i !== 3));
    seedSignedInLearner('Spanish', { dailyGoalMinutes: 60, activities: week });
    await openInsights();
    expect(await screen.findByText(/^At your pace over the 7 days since you started \(70 min a day\), you reach Level 1 \(50 hours\) around /)).toBeInTheDocument();
    expect(figure('Goal reached, last 30 days')).toBe('86% (6 of 7 days)');
    expect(figure('Goal reached, last 90 days')).toBe('86% (6 of 7 days)');
  });

  it('16 minutes on day one: too early to forecast, not "Level 2 around 8 January 2073"', async () => {
    seedSignedInLearner('Spanish', { previousHours: 60, activities: [day(today, 16, false)] });
    await openInsights();
    expect(await screen.findByText('Too early to tell when you reach Level 2: a forecast needs 7 days since your first logged day (6 more days).')).toBeInTheDocument();
    expect(screen.queryByText(/2073/)).not.toBeInTheDocument();
    expect(figure('Goal reached, last 90 days')).toBe('0% (0 of 1 day)');
  });
});
