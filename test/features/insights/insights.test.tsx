import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityRecord } from '@common/api-types';
import { addDaysIso } from '@common/buckets';
import { localIsoDate } from '@common/domain';
import { formatLongDateGb } from '@common/forecast';
import { seedSignedInLearner } from '../../mocks/db';
import { http, HttpResponse } from 'msw';
import { api } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderApp, setViewportWidth } from '../../utils';
import { DASHBOARD_TEST_TIMEOUT, renderDashboard, warmUpDashboard } from '../dashboard/renderDashboard';

const day = (date: string, minutes: Partial<ActivityRecord>): ActivityRecord => ({
  date, achieved: false, listeningDailyMins: 0, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0, ...minutes,
});

const today = localIsoDate();
// Today and the same weekday last week: 90 minutes within the last 30 days, 3 a day.
const seed = () =>
  seedSignedInLearner('Spanish', {
    activities: [day(addDaysIso(today, -7), { readingDailyMins: 30 }), day(today, { listeningDailyMins: 60, achieved: true })],
  });
const expectedForecast = `At your pace of the last 30 days (3 min a day), you reach Level 1 (50 hours) around ${formatLongDateGb(addDaysIso(today, (3000 - 90) / 3))}.`;

const longAgoLearner = http.get(api('/user/calendar/summary'), () =>
  HttpResponse.json({ firstActivityDate: '2020-01-01', streakDays: 2, longestStreakDays: 9 }),
);

async function openInsights() {
  const result = renderApp('/insights');
  await screen.findByRole('heading', { name: 'Insights: Spanish', level: 1 }, { timeout: 5000 });
  await screen.findByRole('region', { name: 'Minutes per week, last 12 weeks' }, { timeout: 5000 });
  return result;
}

describe('insights view', { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  beforeAll(() => import('@/features/insights/InsightsPage'), 60000);
  beforeEach(() => {
    setViewportWidth(1280);
    // Streak figures come from the server's summary as they are: this view only shows them. A learner
    // who started long ago (the first days count from the first logged day: firstDays.test.tsx).
    server.use(longAgoLearner);
  });

  it('gives every bar of the chart a button that speaks its exact values, the latest one shown', async () => {
    seed();
    const { user } = await openInsights();
    const bars = within(screen.getByRole('group', { name: 'Bars, one per week' })).getAllByRole('button');
    expect(bars).toHaveLength(12);
    const latest = bars[11];
    expect(latest).toHaveAttribute('aria-pressed', 'true');
    expect(latest).toHaveAccessibleName(
      expect.stringMatching(/^\d+ \w+\. Week of \d+ \w+ \d{4}: 1 hour 0 minutes in total; Listening 1 hour 0 minutes, Reading 0 hours 0 minutes, Speaking 0 hours 0 minutes, Writing 0 hours 0 minutes$/),
    );
    await user.click(bars[10]);
    expect(bars[10]).toHaveAttribute('aria-pressed', 'true');
    expect(bars[10]).toHaveAccessibleName(expect.stringContaining('0 hours 30 minutes in total; Listening 0 hours 0 minutes, Reading 0 hours 30 minutes'));
  });

  it('shows the same numbers as a table, and switches to 12 months', async () => {
    seed();
    const { user } = await openInsights();
    await user.click(screen.getByRole('button', { name: 'Table' }));
    const table = screen.getByRole('table', { name: 'Minutes per week, by skill' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(within(rows[12]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1h 0m', '0h 0m', '0h 0m', '0h 0m', '1h 0m']);
    expect(within(rows[11]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['0h 0m', '0h 30m', '0h 0m', '0h 0m', '0h 30m']);

    await user.click(screen.getByRole('button', { name: '12 months' }));
    expect(screen.getByRole('heading', { name: 'Minutes per month, last 12 months' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Minutes per month, by skill' })).getAllByRole('row')).toHaveLength(13);
    await user.click(screen.getByRole('button', { name: 'Chart' }));
    expect(within(screen.getByRole('group', { name: 'Bars, one per month' })).getAllByRole('button')).toHaveLength(12);
  });

  it('compares this week with last week in total and per skill, the change in words', async () => {
    seed();
    await openInsights();
    const table = screen.getByRole('table', { name: 'This week vs last week' });
    const cells = (name: string) => within(within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement).getAllByRole('cell').map((c) => c.textContent);
    expect(cells('Total')).toEqual(['1h 0m', '0h 30m', 'up 0h 30m']);
    expect(cells('Listening')).toEqual(['1h 0m', '0h 0m', 'up 1h 0m']);
    expect(cells('Reading')).toEqual(['0h 0m', '0h 30m', 'down 0h 30m']);
    expect(cells('Writing')).toEqual(['0h 0m', '0h 0m', 'no change']);
    expect(screen.getByRole('table', { name: 'This month vs last month' })).toBeInTheDocument();
  });

  it('names the daily figures, the streaks, the best day, the skill balance and the forecast', async () => {
    seed();
    await openInsights();
    const figure = (name: string) => screen.getByText(name).nextElementSibling?.textContent;
    expect(figure('Average per active day (90 days)')).toBe('0h 45m');
    expect(figure('Goal reached, last 30 days')).toBe('3% (1 of 30 days)');
    expect(figure('Goal reached, last 90 days')).toBe('1% (1 of 90 days)');
    expect(await screen.findByText('2 days')).toBeInTheDocument();
    expect(figure('Longest streak')).toBe('9 days');
    expect(figure('Best day (90 days)')).toMatch(/, 1h 0m$/);
    const balance = screen.getByRole('table', { name: 'Share of each skill' });
    const listening = within(balance).getByRole('rowheader', { name: 'Listening' }).closest('tr') as HTMLElement;
    expect(within(listening).getAllByRole('cell').map((c) => c.textContent)).toEqual(['67%', '67%']);
    expect(await screen.findByText(expectedForecast)).toBeInTheDocument();
  });

  it('asks for some time when nothing was logged in the last 30 days', async () => {
    seedSignedInLearner('Spanish', { previousHours: 60 });
    await openInsights();
    expect(await screen.findByText('Log some time to see when you reach Level 2')).toBeInTheDocument();
    expect(screen.getByText('Average per active day (90 days)').nextElementSibling?.textContent).toBe('No time logged yet');
  });
});

describe('level modal forecast', { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  beforeAll(...warmUpDashboard);
  beforeEach(() => setViewportWidth(1280));

  it('tells when the next level comes at the pace of the last 30 days', async () => {
    seed();
    server.use(longAgoLearner);
    const { user } = await renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Level details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Level 0' });
    expect(await within(dialog).findByText(expectedForecast)).toBeInTheDocument();
  });

  it('links to Insights from the top bar', async () => {
    seed();
    await renderDashboard();
    expect(screen.getByRole('link', { name: 'Insights' })).toHaveAttribute('href', '/insights');
  });

  it('shows minutes added on the dashboard when the learner comes back: the add refreshes the insights', async () => {
    seed();
    const { user } = await openInsights();
    const latestWeek = () => within(screen.getByRole('group', { name: 'Bars, one per week' })).getAllByRole('button')[11];
    expect(latestWeek()).toHaveAccessibleName(expect.stringContaining(': 1 hour 0 minutes in total'));

    await user.click(screen.getByRole('link', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Reading Time' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Reading Time' });
    await user.type(within(dialog).getByLabelText('Minutes'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('link', { name: 'Insights' }));
    await screen.findByRole('region', { name: 'Minutes per week, last 12 weeks' }, { timeout: 5000 });
    await waitFor(() => expect(latestWeek()).toHaveAccessibleName(expect.stringContaining(': 1 hour 20 minutes in total')));
  });
});
