import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { current, db, seedSignedInLearner } from '../../mocks/db';
import { api, apiError } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderApp, setViewportWidth } from '../../utils';
import { openSettings, recordRequests, writes } from './helpers';

type User = Awaited<ReturnType<typeof openSettings>>['user'];

async function changeGoalHoursAndMilestones(user: User) {
  await user.selectOptions(screen.getByLabelText('Hours'), '1');
  await user.selectOptions(screen.getByLabelText('Hours learned before'), '300');
  await user.clear(screen.getByLabelText('Level 1'));
  await user.type(screen.getByLabelText('Level 1'), '60');
}

describe('saving settings', { timeout: 20000 }, () => {
  beforeEach(() => {
    setViewportWidth(1280);
    seedSignedInLearner('Spanish', { dailyGoalMinutes: 30, previousHours: 0 });
  });

  it('sends daily goal, then previous hours, then milestones, and no language when it is unchanged', async () => {
    const log = recordRequests();
    const { user } = await openSettings();
    await changeGoalHoursAndMilestones(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument());
    expect(writes(log)).toEqual(['POST /user/daily-goal', 'POST /user/previous-time', 'POST /user/milestones']);
    expect(current()).toMatchObject({ dailyGoalMinutes: 90, previousHours: 300, milestones: { level1: 60, level2: 200 } });
    expect(screen.getByLabelText('Minutes')).toHaveValue('30');
    expect(screen.getByLabelText('Level 1')).toHaveValue('60');
    expect(screen.queryByRole('button', { name: 'Discard' })).not.toBeInTheDocument();
  });

  it('keeps showing a saved value while its read comes back, never the old one', async () => {
    const { user } = await openSettings();
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = false;
    server.use(
      http.get(api('/user/previous-time'), async () => {
        if (holding) await held;
        return undefined;
      }),
    );
    await user.selectOptions(screen.getByLabelText('Hours learned before'), '300');
    holding = true;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(current().previousHours).toBe(300));
    // Saved, and the read that refreshes it (the PreviousHours tag) is on its way.
    for (let i = 0; i < 5; i += 1) {
      expect(screen.getByLabelText('Hours learned before')).toHaveValue('300');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    release();
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(screen.getByLabelText('Hours learned before')).toHaveValue('300');
  });

  it("sends the daily goal with today's local date", async () => {
    let body: unknown;
    server.use(
      http.post(api('/user/daily-goal'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ dailyGoalMinutes: 90 });
      }),
    );
    const { user } = await openSettings();
    await user.selectOptions(screen.getByLabelText('Hours'), '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    await waitFor(() => expect(body).toEqual({ dailyGoalMinutes: 90, date: iso }));
  });

  it('sends only the settings that differ from the saved ones', async () => {
    const log = recordRequests();
    const { user } = await openSettings();
    await user.selectOptions(screen.getByLabelText('Hours learned before'), '300');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(current().previousHours).toBe(300));
    expect(writes(log)).toEqual(['POST /user/previous-time']);
  });

  it("stops at a failing goal save: shows 'Error updating daily goal' and sends nothing after it", async () => {
    server.use(http.post(api('/user/daily-goal'), () => apiError(500, 'INTERNAL_ERROR')));
    const log = recordRequests();
    const { user } = await openSettings();
    await changeGoalHoursAndMilestones(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Error updating daily goal')).toBeInTheDocument();
    expect(writes(log)).toEqual(['POST /user/daily-goal']);
    expect(current()).toMatchObject({ previousHours: 0, milestones: { level1: 50 } });
    // The learner's choices stay, ready for another try.
    expect(screen.getByLabelText('Hours learned before')).toHaveValue('300');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it.each([
    ['previous hours', '/user/previous-time', 'Error updating previous hours'],
    ['milestones', '/user/milestones', 'Error updating milestones'],
  ])('shows the catalogue message when saving %s fails', async (_name, path, message) => {
    server.use(http.post(api(path), () => apiError(400, 'INVALID_INPUT')));
    const { user } = await openSettings();
    await changeGoalHoursAndMilestones(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('keeps what was saved before the failure as saved', async () => {
    server.use(http.post(api('/user/previous-time'), () => apiError(500, 'INTERNAL_ERROR')));
    const { user } = await openSettings();
    await changeGoalHoursAndMilestones(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Error updating previous hours');

    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByLabelText('Hours')).toHaveValue('1');
    expect(screen.getByLabelText('Hours learned before')).toHaveValue('0');
    expect(screen.getByLabelText('Level 1')).toHaveValue('50');
  });

  it("shows 'Server unreachable, try again later' when the server cannot be reached", async () => {
    server.use(http.post(api('/user/daily-goal'), () => HttpResponse.error()));
    const { user } = await openSettings();
    await user.selectOptions(screen.getByLabelText('Hours'), '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Server unreachable, try again later')).toBeInTheDocument();
  });

  it('refuses milestones that are not increasing whole hours without sending anything', async () => {
    const log = recordRequests();
    const { user } = await openSettings();
    await user.selectOptions(screen.getByLabelText('Hours'), '1');
    await user.clear(screen.getByLabelText('Level 3'));
    await user.type(screen.getByLabelText('Level 3'), '150');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/each higher than the one before/);
    expect(writes(log)).toEqual([]);
  });

  it('refuses an empty milestone', async () => {
    const { user } = await openSettings();
    await user.clear(screen.getByLabelText('Level 6'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/whole hours/);
    expect(current().milestones.level6).toBe(1800);
  });

  it('refetches progress after a milestone save, so the dashboard shows the new level', async () => {
    db.perLanguage.Spanish.previousHours = 60;
    const { user, router } = renderApp('/dashboard');
    const progress = () => screen.findByRole('region', { name: 'Progress' });
    expect(await within(await progress()).findByText('Level 1')).toBeInTheDocument();

    await router.navigate('/settings');
    const level1 = await screen.findByLabelText('Level 1');
    await user.clear(level1);
    await user.type(level1, '70');
    const log = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument());

    await router.navigate('/dashboard');
    expect(await within(await progress()).findByText('Level 0')).toBeInTheDocument();
    expect(log).toContain('GET /user/progress');
  });
});
