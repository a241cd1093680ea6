/** #44 item 6: the onboarding goal is dated the learner's today, with their day boundary. */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { db, seedSignedInLearner } from '../../mocks/db';
import { server } from '../../mocks/server';
import { renderApp } from '../../utils';

function savedGoalDates(): string[] {
  const dates: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/user/daily-goal') {
      void request.clone().json().then((body: { date: string }) => dates.push(body.date));
    }
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return dates;
}

describe('the onboarding goal step', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('dates the goal the learner\'s today: at 00:30 with a day that ends at 2 am, still yesterday', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 0, 30, 0));
    seedSignedInLearner('Spanish');
    db.dayEndsAtHour = 2;
    const dates = savedGoalDates();
    const { user } = renderApp('/register/goal');
    await screen.findByRole('heading', { name: 'Daily Goal' });
    await screen.findByLabelText('Hours');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(dates).toEqual(['2026-11-21']));
  });

  it('after the boundary, the calendar date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 2, 30, 0));
    seedSignedInLearner('Spanish');
    db.dayEndsAtHour = 2;
    const dates = savedGoalDates();
    const { user } = renderApp('/register/goal');
    await screen.findByLabelText('Hours');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(dates).toEqual(['2026-11-22']));
  });
});
