import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { db, seedSignedInLearner } from '../../mocks/db';
import { api, apiError } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderApp, setViewportWidth } from '../../utils';
import { openSettings, recordRequests, writes } from './helpers';


describe('settings: rest days', { timeout: 20000 }, () => {
  beforeEach(() => {
    setViewportWidth(1280);
    seedSignedInLearner('Spanish');
  });

  it('by default no weekday is a rest day and no break is planned (the spec streak)', async () => {
    await openSettings();
    for (const day of ['Sunday', 'Monday', 'Saturday']) expect(await screen.findByRole('checkbox', { name: day })).not.toBeChecked();
    expect(screen.getByText('No breaks planned.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('a chosen weekday is a draft until Save, which sends the rest days after the spec sections', async () => {
    const log = recordRequests();
    const { user } = await openSettings();
    await user.click(await screen.findByRole('checkbox', { name: 'Sunday' }));
    expect(db.restDays.weekdays).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(db.restDays).toEqual({ weekdays: [0], periods: [] }));
    expect(writes(log)).toEqual(['POST /user/rest-days']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument());
  });

  it('Discard restores the saved rest days', async () => {
    db.restDays = { weekdays: [6], periods: [] };
    const { user } = await openSettings();
    const saturday = await screen.findByRole('checkbox', { name: 'Saturday' });
    expect(saturday).toBeChecked();
    await user.click(saturday);
    expect(saturday).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByRole('checkbox', { name: 'Saturday' })).toBeChecked();
  });

  it('a break is added with its first and last day, refused when it ends before it starts, and can be removed', async () => {
    db.restDays = { weekdays: [], periods: [{ from: '2026-08-01', to: '2026-08-14' }] };
    const { user } = await openSettings();
    const removeOld = await screen.findByRole('button', { name: 'Remove the break 1 August 2026 to 14 August 2026' });

    await user.type(screen.getByLabelText('First day'), '2026-12-24');
    await user.type(screen.getByLabelText('Last day'), '2026-12-20');
    await user.click(screen.getByRole('button', { name: 'Add break' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The last day of a break cannot be before its first day.');

    await user.clear(screen.getByLabelText('Last day'));
    await user.type(screen.getByLabelText('Last day'), '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Add break' }));
    await user.click(removeOld);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(db.restDays).toEqual({ weekdays: [], periods: [{ from: '2026-12-24', to: '2026-12-31' }] }));
  });

  it('a break is planned up to a year ahead: the date inputs stop there, and a later last day is named in the section before saving', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 21, 12, 0, 0));
    onTestFinished(() => void vi.useRealTimers());
    const { user } = await openSettings();
    expect(await screen.findByLabelText('First day')).toHaveAttribute('max', '2027-11-21');
    expect(screen.getByLabelText('Last day')).toHaveAttribute('max', '2027-11-21');

    await user.type(screen.getByLabelText('First day'), '2027-11-15');
    await user.type(screen.getByLabelText('Last day'), '2027-11-30');
    await user.click(screen.getByRole('button', { name: 'Add break' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A break can be planned up to 365 days ahead, until 21 November 2027 at the latest.');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('First day'));
    await user.type(screen.getByLabelText('First day'), '2026-12-20');
    await user.clear(screen.getByLabelText('Last day'));
    await user.type(screen.getByLabelText('Last day'), '2027-01-03');
    await user.click(screen.getByRole('button', { name: 'Add break' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(db.restDays.periods).toEqual([{ from: '2026-12-20', to: '2027-01-03' }]));
  });

  it('a refused rest-days step after a saved goal leaves the break drafted, fixable, and saves once fixed', async () => {
    server.use(http.post(api('/user/rest-days'), () => apiError(400, 'INVALID_INPUT', 'refused')), );
    const { user } = await openSettings();
    await user.click(await screen.findByRole('checkbox', { name: 'Monday' }));
    await user.selectOptions(screen.getByLabelText('Hours learned before'), '300');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error updating rest days')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(db.restDays.weekdays).toEqual([1]));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
  });

  it('on a narrow screen the section is a button that opens a modal with its own Save', async () => {
    setViewportWidth(375);
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: /Rest days/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Wednesday' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(db.restDays.weekdays).toEqual([3]));
  });
});
