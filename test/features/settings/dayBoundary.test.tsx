/** Issue 28: "My day ends at" beside the daily goal, with the drafts, Discard and Save of every section. */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, seedSignedInLearner } from '../../mocks/db';
import { renderApp, setViewportWidth } from '../../utils';
import { openSettings, recordRequests, writes } from './helpers';

const field = () => screen.findByLabelText('My day ends at');

describe('settings: my day ends at', { timeout: 20000 }, () => {
  beforeEach(() => {
    setViewportWidth(1280);
    seedSignedInLearner('Spanish');
  });

  it('offers 00:00 (midnight, the default) to 04:00, and says what the choice means', async () => {
    await openSettings();
    const select = await field();
    expect(select).toHaveDisplayValue('00:00 (midnight)');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['00:00 (midnight)', '01:00', '02:00', '03:00', '04:00']);
    expect(select).toHaveAccessibleDescription('A new day starts at midnight.');
    expect(screen.getByRole('region', { name: 'My day' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('a chosen hour is a draft until Save, which sends only it', async () => {
    const log = recordRequests();
    const { user } = await openSettings();
    await user.selectOptions(await field(), '2');
    expect(await field()).toHaveAccessibleDescription(/before 02:00 counts for the day before/);
    expect(db.dayEndsAtHour).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(db.dayEndsAtHour).toBe(2));
    expect(writes(log)).toEqual(['POST /user/day-boundary']);
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(await field()).toHaveDisplayValue('02:00');
  });

  it('Discard restores the saved hour', async () => {
    db.dayEndsAtHour = 3;
    const { user } = await openSettings();
    expect(await field()).toHaveDisplayValue('03:00');
    await user.selectOptions(await field(), '0');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(await field()).toHaveDisplayValue('03:00');
    expect(db.dayEndsAtHour).toBe(3);
  });

  it('on a phone it is a section of its own, edited and saved in its modal', async () => {
    setViewportWidth(390);
    const log = recordRequests();
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'My day' }));
    const dialog = await screen.findByRole('dialog', { name: 'My day' });
    await user.selectOptions(within(dialog).getByLabelText('My day ends at'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.dayEndsAtHour).toBe(1);
    expect(writes(log)).toEqual(['POST /user/day-boundary']);
  });
});

