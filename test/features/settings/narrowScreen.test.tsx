import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { current, seedSignedInLearner } from '../../mocks/db';
import { renderApp, setViewportWidth } from '../../utils';
import { recordRequests, writes } from './helpers';

async function openNarrowSettings() {
  const result = renderApp('/settings');
  await screen.findByRole('button', { name: /Existing Progress/ });
  return result;
}

describe('settings on a narrow screen', { timeout: 20000 }, () => {
  beforeEach(() => {
    setViewportWidth(375);
    seedSignedInLearner('Spanish', { dailyGoalMinutes: 30, previousHours: 0 });
  });

  it('shows each section as a button instead of its fields', async () => {
    await openNarrowSettings();
    for (const name of ['Language', 'Daily Goal', 'Level Milestones', 'Existing Progress']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.queryByLabelText('Hours learned before')).not.toBeInTheDocument();
  });

  it('opens a section in a modal whose Discard/Save appear only once it changed', async () => {
    const { user } = await openNarrowSettings();
    await user.click(screen.getByRole('button', { name: 'Existing Progress' }));
    const dialog = await screen.findByRole('dialog', { name: 'Existing Progress' });
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Hours learned before'), '40');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(within(dialog).getByLabelText('Hours learned before')).toHaveValue('0');
    expect(within(dialog).queryByRole('button', { name: 'Discard' })).not.toBeInTheDocument();
  });

  it("a modal's Save sends only its own section and closes the modal", async () => {
    const log = recordRequests();
    const { user } = await openNarrowSettings();
    await user.click(screen.getByRole('button', { name: 'Level Milestones' }));
    const milestones = await screen.findByRole('dialog', { name: 'Level Milestones' });
    await user.clear(within(milestones).getByLabelText('Level 2'));
    await user.type(within(milestones).getByLabelText('Level 2'), '250');
    await user.click(within(milestones).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Daily Goal' }));
    const goal = await screen.findByRole('dialog', { name: 'Daily Goal' });
    await user.selectOptions(within(goal).getByLabelText('Hours'), '1');
    await user.click(within(goal).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(log)).toEqual(['POST /user/daily-goal']);
    expect(current().dailyGoalMinutes).toBe(90);
    expect(screen.getByRole('button', { name: /Level Milestones.*Unsaved changes/ })).toBeInTheDocument();
  });

  it('keeps Save in reach once a changed section is closed: a bar that saves every change, or discards them', async () => {
    const log = recordRequests();
    const { user } = await openNarrowSettings();
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Daily Goal' }));
    const goal = await screen.findByRole('dialog', { name: 'Daily Goal' });
    await user.selectOptions(within(goal).getByLabelText('Hours'), '1');
    await user.click(within(goal).getByRole('button', { name: 'Close' }));

    const bar = await screen.findByRole('region', { name: 'Unsaved changes' });
    await user.click(within(bar).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Unsaved changes' })).not.toBeInTheDocument());
    expect(writes(log)).toEqual(['POST /user/daily-goal']);
    expect(current().dailyGoalMinutes).toBe(90);
  });

  it('shows a failed save inside the modal and keeps it open', async () => {
    const { user } = await openNarrowSettings();
    await user.click(screen.getByRole('button', { name: 'Level Milestones' }));
    const dialog = await screen.findByRole('dialog', { name: 'Level Milestones' });
    await user.clear(within(dialog).getByLabelText('Level 1'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/whole hours/);
    expect(screen.getByRole('dialog', { name: 'Level Milestones' })).toBeInTheDocument();
  });

  it('closes the modal when the viewport becomes wide, keeping the change for the wide Save', async () => {
    const { user } = await openNarrowSettings();
    await user.click(screen.getByRole('button', { name: 'Existing Progress' }));
    const dialog = await screen.findByRole('dialog', { name: 'Existing Progress' });
    await user.selectOptions(within(dialog).getByLabelText('Hours learned before'), '40');

    setViewportWidth(1280);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Hours learned before')).toHaveValue('40');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });
});
