import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localIsoDate } from '@common/domain';
import { current, seedSignedInLearner } from '../../mocks/db';
import { api, apiError } from '../../mocks/http';
import { server } from '../../mocks/server';
import { setViewportWidth } from '../../utils';
import { DASHBOARD_TEST_TIMEOUT, renderDashboard, warmUpDashboard } from './renderDashboard';

async function openAddModal(skill: string) {
  const result = await renderDashboard();
  await result.user.click(await screen.findByRole('button', { name: `${skill} Time` }));
  const dialog = await screen.findByRole('dialog', { name: `Add ${skill} Time` });
  return { ...result, dialog };
}

describe('add-time modal', { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  beforeAll(...warmUpDashboard);
  beforeEach(() => {
    setViewportWidth(1280);
    seedSignedInLearner();
  });

  it("opens titled 'Add {Skill} Time' from each skill's button", async () => {
    const { user } = await renderDashboard();
    for (const skill of ['Listening', 'Reading', 'Speaking', 'Writing']) {
      await user.click(await screen.findByRole('button', { name: `${skill} Time` }));
      const dialog = await screen.findByRole('dialog', { name: `Add ${skill} Time` });
      expect(within(dialog).getByRole('group', { name: `${skill} time to add` })).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    }
  });

  it('starts in the hours field', async () => {
    const { dialog } = await openAddModal('Speaking');
    expect(within(dialog).getByLabelText('Hours')).toHaveFocus();
  });

  it('says what is allowed today when the amount is more than any day holds, without calling the server', async () => {
    seedSignedInLearner('Spanish', {
      activities: [{ date: localIsoDate(), achieved: true, listeningDailyMins: 830, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0 }],
    });
    const { user, dialog } = await openAddModal('Listening');
    await within(dialog).findByText(/Today so far/);
    await user.type(within(dialog).getByLabelText('Hours'), '99');
    await user.type(within(dialog).getByLabelText('Minutes'), '9999');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('At most 16 hours of listening a day: 2h 10m left today');
    expect(current().activities[0].listeningDailyMins).toBe(830);
  });

  it('ignores key presses that are not digits', async () => {
    const { user, dialog } = await openAddModal('Reading');
    const hours = within(dialog).getByLabelText('Hours');
    await user.type(hours, '1a-.e2');
    expect(hours).toHaveValue('12');
  });

  it('blocks a paste unless it is all digits', async () => {
    const { dialog } = await openAddModal('Reading');
    const minutes = within(dialog).getByLabelText('Minutes');
    const pasted = (text: string) =>
      fireEvent.paste(minutes, { clipboardData: { getData: () => text } });
    expect(pasted('4x5')).toBe(false);
    expect(pasted('45')).toBe(true);
  });

  it('adds hours*60+minutes for today, then closes and starts empty next time', async () => {
    const { user, dialog } = await openAddModal('Listening');
    await user.type(within(dialog).getByLabelText('Hours'), '1');
    await user.type(within(dialog).getByLabelText('Minutes'), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(current().activities).toEqual([expect.objectContaining({ date: localIsoDate(), listeningDailyMins: 75 })]);
    const todayPanel = screen.getByRole('region', { name: 'Today' });
    expect(await within(todayPanel).findByText('1h 15m')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Listening Time' }));
    const again = await screen.findByRole('dialog', { name: 'Add Listening Time' });
    expect(within(again).getByLabelText('Hours')).toHaveValue('');
    expect(within(again).getByLabelText('Minutes')).toHaveValue('');
  });

  it('counts an empty hours field as 0', async () => {
    const { user, dialog } = await openAddModal('Writing');
    await user.type(within(dialog).getByLabelText('Minutes'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(current().activities[0].writingDailyMins).toBe(20);
  });

  it('refuses to add nothing, above the inputs, without calling the server', async () => {
    const { user, dialog } = await openAddModal('Writing');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Invalid input, please enter valid numbers');
    expect(alert.compareDocumentPosition(within(dialog).getByLabelText('Hours'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(current().activities).toEqual([]);
  });

  it("shows the server's own message when a daily limit is exceeded", async () => {
    seedSignedInLearner('Spanish', {
      activities: [{ date: localIsoDate(), achieved: true, listeningDailyMins: 950, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0 }],
    });
    const { user, dialog } = await openAddModal('Listening');
    await user.type(within(dialog).getByLabelText('Minutes'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You can log at most 16 hours for one skill in a day.');
    expect(within(dialog).getByText('0h 10m of listening left today')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it.each([
    ['a server failure (5xx)', () => apiError(500, 'INTERNAL_ERROR', 'Boom')],
    ['no answer at all', () => HttpResponse.error()],
  ])("after %s says calmly that the add is saved on this device, with nothing to try again and no error", async (_why, failure) => {
    server.use(http.post(api('/user/daily-activity'), failure));
    const { user, dialog } = await openAddModal('Reading');
    await user.type(within(dialog).getByLabelText('Minutes'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Saved on this device: it will be added when the server answers')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Server unreachable, try again later')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's own message for any other refusal (a 4xx)", async () => {
    server.use(http.post(api('/user/daily-activity'), () => apiError(409, 'LANGUAGE_NOT_STARTED', 'You have not started Spanish; choose it as your language first.')));
    const { user, dialog } = await openAddModal('Reading');
    await user.type(within(dialog).getByLabelText('Minutes'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have not started Spanish; choose it as your language first.');
  });

  it("shows 'Error adding daily time' for a refusal the server does not explain", async () => {
    server.use(http.post(api('/user/daily-activity'), () => HttpResponse.json({}, { status: 400 })));
    const { user, dialog } = await openAddModal('Reading');
    await user.type(within(dialog).getByLabelText('Minutes'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error adding daily time');
  });
});
