import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedSignedInLearner } from '../../mocks/db';
import { api, apiError } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderApp, setViewportWidth } from '../../utils';
import { openSettings, recordRequests, writes } from './helpers';

const saveButton = () => screen.queryByRole('button', { name: 'Save' });
const discardButton = () => screen.queryByRole('button', { name: 'Discard' });

describe('settings page', { timeout: 20000 }, () => {
  beforeEach(() => {
    setViewportWidth(1280);
    seedSignedInLearner('Spanish', { dailyGoalMinutes: 45, previousHours: 120 });
  });

  it("shows the heading, a Back link to /dashboard and the four sections with the saved values", async () => {
    await openSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/dashboard');
    for (const name of ['Language', 'Daily Goal', 'Level Milestones', 'Existing Progress']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Language you are learning')).toHaveValue('Spanish');
    expect(screen.getByLabelText('Hours')).toHaveValue('0');
    expect(screen.getByLabelText('Minutes')).toHaveValue('45');
    expect(screen.getByLabelText('Hours learned before')).toHaveValue('120');
    expect(screen.getByLabelText('Level 1')).toHaveValue('50');
    expect(screen.getByLabelText('Level 6')).toHaveValue('1800');
  });

  it('offers every language of the full list, not only those already started', async () => {
    await openSettings();
    const options = within(screen.getByLabelText('Language you are learning')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Arabic', 'English', 'French', 'German', 'Japanese', 'Spanish']);
  });

  it("shows 'Loading...' until the saved values arrive", async () => {
    let answerGoal = () => {};
    const goalHeld = new Promise<void>((resolve) => (answerGoal = resolve));
    server.use(
      http.get(api('/user/daily-goal'), async () => {
        await goalHeld;
        return HttpResponse.json({ dailyGoalMinutes: 45 });
      }),
    );
    renderApp('/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByLabelText('Hours learned before')).not.toBeInTheDocument();

    answerGoal();
    expect(await screen.findByLabelText('Hours learned before')).toHaveValue('120');
    await waitFor(() => expect(screen.queryByText('Loading...')).not.toBeInTheDocument());
  });

  it("shows 'Error loading settings' when a saved value cannot be read", async () => {
    server.use(http.get(api('/user/milestones'), () => apiError(500, 'INTERNAL_ERROR')));
    renderApp('/settings');
    expect(await screen.findByText('Error loading settings')).toBeInTheDocument();
    expect(screen.queryByLabelText('Hours learned before')).not.toBeInTheDocument();
  });

  it("shows 'Error loading progress' in place of the language select when the language list fails", async () => {
    server.use(http.get(api('/languages'), () => apiError(500, 'INTERNAL_ERROR')));
    renderApp('/settings');
    expect(await screen.findByText('Error loading progress')).toBeInTheDocument();
    expect(screen.getByText('Error getting languages')).toBeInTheDocument();
    expect(screen.queryByLabelText('Language you are learning')).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Hours learned before')).toHaveValue('120');
  });

  it('says the server is unreachable, not that the language list is broken, when the network drops', async () => {
    server.use(http.get(api('/languages'), () => HttpResponse.error()));
    renderApp('/settings');
    expect(await screen.findByText('Server unreachable, try again later')).toBeInTheDocument();
    expect(screen.queryByText('Error loading progress')).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Hours learned before')).toHaveValue('120');
  });

  it('hides Save and Discard until something differs from the saved values', async () => {
    const { user } = await openSettings();
    expect(saveButton()).not.toBeInTheDocument();
    expect(discardButton()).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Hours learned before'), '200');
    expect(saveButton()).toBeInTheDocument();
    expect(discardButton()).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Hours learned before'), '120');
    expect(saveButton()).not.toBeInTheDocument();
  });

  it('treats a milestone typed with a leading zero as unchanged', async () => {
    const { user } = await openSettings();
    await user.type(screen.getByLabelText('Level 1'), '{Home}0');
    expect(screen.getByLabelText('Level 1')).toHaveValue('050');
    expect(saveButton()).not.toBeInTheDocument();
  });

  it('Discard restores every saved value and sends nothing', async () => {
    const log = recordRequests();
    const { user } = await openSettings();
    await user.selectOptions(screen.getAllByLabelText('Minutes')[0], '30');
    await user.selectOptions(screen.getByLabelText('Hours learned before'), '500');
    await user.clear(screen.getByLabelText('Level 2'));
    await user.type(screen.getByLabelText('Level 2'), '300');

    await user.click(discardButton()!);

    expect(screen.getByLabelText('Minutes')).toHaveValue('45');
    expect(screen.getByLabelText('Hours learned before')).toHaveValue('120');
    expect(screen.getByLabelText('Level 2')).toHaveValue('200');
    expect(saveButton()).not.toBeInTheDocument();
    expect(writes(log)).toEqual([]);
  });

  it('asks before leaving with unsaved changes, and Stay keeps them', async () => {
    const { user, router } = await openSettings();
    await user.selectOptions(screen.getByLabelText('Hours learned before'), '500');
    await user.click(screen.getByRole('link', { name: 'Back' }));
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/settings');
    expect(screen.getByLabelText('Hours learned before')).toHaveValue('500');
  });

  it('leaves without asking when nothing is unsaved', async () => {
    const { user, router } = await openSettings();
    await user.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
  });

  it('confirms a successful save with a status message', async () => {
    const { user } = await openSettings();
    await user.selectOptions(screen.getByLabelText('Hours learned before'), '500');
    await user.click(saveButton()!);
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'Changes saved')).toBe(true));
  });

  it('forgets unsaved changes when the learner chooses to leave', async () => {
    const { user, router } = await openSettings();
    await user.selectOptions(screen.getByLabelText('Hours learned before'), '500');
    void router.navigate('/dashboard');
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(question).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Settings' })).not.toBeInTheDocument());
    await router.navigate('/settings');
    expect(await screen.findByLabelText('Hours learned before')).toHaveValue('120');
    expect(saveButton()).not.toBeInTheDocument();
  });
});
