import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ActivityRecord } from '@common/api-types';
import { StreakPanel } from '@/features/dashboard/StreakPanel';
import { seedSignedInLearner } from '../../mocks/db';
import { api, apiError } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderWithProviders } from '../../utils';
import { day, freezeToday } from './calendarHelpers';

freezeToday();

function renderStreak(activities: ActivityRecord[]) {
  seedSignedInLearner('Spanish', { activities });
  return renderWithProviders(<StreakPanel />);
}

describe('Streak and monthly summary panel', () => {
  it("says 'Hurray' with a happy face and counts the achieved days ending today", async () => {
    renderStreak([day('2026-11-18', true), day('2026-11-19', false), day('2026-11-20', true), day('2026-11-21', true)]);
    const headline = await screen.findByRole('heading', { name: /Hurray/ });
    expect(within(headline).getByRole('img', { name: 'Happy face' })).toBeInTheDocument();
    expect(screen.getByText("You've done 2 days in a row this week!")).toBeInTheDocument();
  });

  it("uses the singular 'day' for a streak of one", async () => {
    renderStreak([day('2026-11-21', true)]);
    expect(await screen.findByText("You've done 1 day in a row this week!")).toBeInTheDocument();
  });

  it("says 'Oh No!' with a sad face when today is not achieved, even after an achieved yesterday", async () => {
    renderStreak([day('2026-11-20', true), day('2026-11-21', false)]);
    const headline = await screen.findByRole('heading', { name: /Oh No!/ });
    expect(within(headline).getByRole('img', { name: 'Sad face' })).toBeInTheDocument();
    expect(screen.getByText("You've done 0 days in a row this week!")).toBeInTheDocument();
  });

  it("adds 'Reach today's goal to keep your N-day run going.' while today is not achieved after a run up to yesterday", async () => {
    renderStreak([day('2026-11-18', true), day('2026-11-19', true), day('2026-11-20', true), day('2026-11-21', false)]);
    expect(await screen.findByText("Reach today's goal to keep your 3-day run going.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Oh No!/ })).toBeInTheDocument();
    expect(screen.getByText("You've done 0 days in a row this week!")).toBeInTheDocument();
  });

  it('adds no encouraging line once today is achieved, nor when yesterday ended no run', async () => {
    renderStreak([day('2026-11-20', true), day('2026-11-21', true)]);
    expect(await screen.findByText("You've done 2 days in a row this week!")).toBeInTheDocument();
    expect(screen.queryByText(/keep your/)).not.toBeInTheDocument();
  });

  it("adds no encouraging line when yesterday was missed", async () => {
    renderStreak([day('2026-11-19', true), day('2026-11-20', false)]);
    expect(await screen.findByText("You've done 0 days in a row this week!")).toBeInTheDocument();
    await screen.findByText('Daily goal reached on 1 day this month.');
    expect(screen.queryByText(/keep your/)).not.toBeInTheDocument();
  });

  it("keeps yesterday's run on a rest day today, with no 'Oh No!'", async () => {
    const db = seedSignedInLearner('Spanish', { activities: [day('2026-11-19', true), day('2026-11-20', true)] });
    db.restDays = { weekdays: [6], periods: [] };
    renderWithProviders(<StreakPanel />);
    expect(await screen.findByRole('heading', { name: /Hurray/ })).toBeInTheDocument();
    expect(screen.getByText("You've done 2 days in a row this week!")).toBeInTheDocument();
    expect(screen.queryByText(/keep your/)).not.toBeInTheDocument();
  });

  it('shows the mascot and how many days of this month reached the goal', async () => {
    renderStreak([day('2026-10-31', true), day('2026-11-02', true), day('2026-11-03', false), day('2026-11-21', true)]);
    expect(await screen.findByText('Daily goal reached on 2 days this month.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /mascot/i })).toHaveAttribute('src', '/mascot.svg');
  });

  it('explains when the records cannot be read', async () => {
    server.use(http.get(api('/user/daily-activity/all'), () => apiError(500, 'INTERNAL_ERROR')));
    renderStreak([]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error getting activity and daily times');
  });
});
