import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CalendarPanel } from '@/features/dashboard/CalendarPanel';
import { DAY_FILLS } from '@/features/dashboard/CalendarLegend';
import { seedSignedInLearner } from '../../mocks/db';
import { renderWithProviders } from '../../utils';
import { day, freezeToday } from './calendarHelpers';

freezeToday();

describe('calendar colours', () => {
  it('fills achieved and missed days in two colours, frames today, and names each fill in a key', async () => {
    seedSignedInLearner('Spanish', {
      activities: [day('2026-11-17', false, { readingDailyMins: 10 }), day('2026-11-18', true, { listeningDailyMins: 45 })],
    });
    renderWithProviders(<CalendarPanel />);
    const achieved = await screen.findByRole('button', { name: 'Wednesday 18 November 2026, 45 minutes, goal achieved' });
    const missed = screen.getByRole('button', { name: 'Tuesday 17 November 2026, 10 minutes, goal not achieved' });
    const today = screen.getByRole('button', { name: 'Saturday 21 November 2026, 0 minutes, today, goal not achieved yet' });
    expect(achieved).toHaveStyle({ background: DAY_FILLS.achieved.background });
    expect(missed).toHaveStyle({ background: DAY_FILLS.missed.background });
    expect(getComputedStyle(today).borderWidth).toBe('3px');
    const key = screen.getByRole('list', { name: 'Calendar key' });
    expect(within(key).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Goal achieved', 'Goal missed', 'Today', '😴Rest day']);
  });
});
