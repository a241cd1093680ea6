/** #44 item 4: a goal off the selector's steps (40 minutes) shows as it is and is never changed unless the learner changes it. */
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { seedSignedInLearner } from '../../mocks/db';
import { server } from '../../mocks/server';
import { setViewportWidth } from '../../utils';
import { openSettings, recordRequests, writes } from './helpers';

/** The bodies of every goal the SPA saves from now on. */
function savedGoals(): unknown[] {
  const bodies: unknown[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/user/daily-goal') void request.clone().json().then((b) => bodies.push(b));
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return bodies;
}

describe('a daily goal the selector does not offer', { timeout: 20000 }, () => {
  beforeEach(() => {
    setViewportWidth(1280);
  });

  it('shows 40 minutes as 40, not as the nearest step, and counts as unchanged', async () => {
    seedSignedInLearner('Spanish', { dailyGoalMinutes: 40, previousHours: 0 });
    await openSettings();
    expect(screen.getByLabelText('Hours')).toHaveValue('0');
    expect(screen.getByLabelText('Minutes')).toHaveValue('40');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('a Save that changes only the hours keeps the minutes: 1 h 40, not 1 h 45', async () => {
    seedSignedInLearner('Spanish', { dailyGoalMinutes: 40, previousHours: 0 });
    const goals = savedGoals();
    const { user } = await openSettings();
    await user.selectOptions(screen.getByLabelText('Hours'), '1');
    expect(screen.getByLabelText('Minutes')).toHaveValue('40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(goals).toEqual([expect.objectContaining({ dailyGoalMinutes: 100 })]));
  });

  it('a Save of another setting sends no goal at all', async () => {
    seedSignedInLearner('Spanish', { dailyGoalMinutes: 40, previousHours: 0 });
    const log = recordRequests();
    const { user } = await openSettings();
    await user.selectOptions(screen.getByLabelText('Hours learned before'), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(log).length).toBeGreaterThan(0));
    expect(writes(log)).not.toContain('POST /user/daily-goal');
  });
});
