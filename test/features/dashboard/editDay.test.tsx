import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EditDailyActivity } from '@common/api-types';
import { CalendarPanel } from '@/features/dashboard/CalendarPanel';
import { db, seedSignedInLearner } from '../../mocks/db';
import { api, apiError } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderWithProviders } from '../../utils';
import { TODAY, day, freezeToday } from './calendarHelpers';
import { DASHBOARD_TEST_TIMEOUT } from './renderDashboard';

freezeToday();

let patchBodies: EditDailyActivity[] = [];
const recordPatch = async ({ request }: { request: Request }) => {
  if (request.method === 'PATCH') patchBodies.push((await request.clone().json()) as EditDailyActivity);
};
beforeEach(() => {
  patchBodies = [];
  server.events.on('request:start', recordPatch);
});
afterEach(() => server.events.removeAllListeners('request:start'));

// A fresh record per test: the fake db edits records in place.
const past = () => day('2026-11-03', true, { listeningDailyMins: 75, readingDailyMins: 30, writingDailyMins: 125 });
const PAST_DAY = 'Tuesday 3 November 2026, 3 hours 50 minutes, goal achieved';

async function openDay(name: RegExp | string, activities = [past()]) {
  seedSignedInLearner('Spanish', { activities });
  const result = renderWithProviders(<CalendarPanel />);
  await result.user.click(await screen.findByRole('button', { name }, { timeout: 5000 }));
  return { ...result, dialog: await screen.findByRole('dialog') };
}

const skill = (dialog: HTMLElement, name: string) => within(within(dialog).getByRole('group', { name }));

describe('Edit-day modal', { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  it('is titled with the long date and pre-fills each skill split into hours and minutes', async () => {
    const { dialog } = await openDay(PAST_DAY);
    expect(within(dialog).getByRole('heading', { name: 'Tuesday 3 November 2026' })).toBeInTheDocument();
    expect(skill(dialog, 'Listening').getByLabelText('Hours')).toHaveValue('1');
    expect(skill(dialog, 'Listening').getByLabelText('Minutes')).toHaveValue('15');
    expect(skill(dialog, 'Reading').getByLabelText('Hours')).toHaveValue('0');
    expect(skill(dialog, 'Reading').getByLabelText('Minutes')).toHaveValue('30');
    expect(skill(dialog, 'Speaking').getByLabelText('Minutes')).toHaveValue('0');
    expect(skill(dialog, 'Writing').getByLabelText('Hours')).toHaveValue('2');
    expect(skill(dialog, 'Writing').getByLabelText('Minutes')).toHaveValue('5');
  });

  it("offers 'Daily Goal Achieved?' for a past day, checked from its saved flag, and sends it", async () => {
    const { user, dialog } = await openDay(PAST_DAY);
    const checkbox = within(dialog).getByRole('checkbox', { name: 'Daily Goal Achieved?' });
    expect(checkbox).toBeChecked();
    await user.click(checkbox);
    await user.clear(skill(dialog, 'Speaking').getByLabelText('Minutes'));
    await user.type(skill(dialog, 'Speaking').getByLabelText('Minutes'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patchBodies).toEqual([
      {
        date: '2026-11-03',
        isToday: false,
        listeningDailyMins: 75,
        readingDailyMins: 30,
        speakingDailyMins: 20,
        writingDailyMins: 125,
        achieved: false,
      },
    ]);
    expect(db.perLanguage.Spanish.activities.find((a) => a.date === '2026-11-03')).toMatchObject({
      achieved: false,
      speakingDailyMins: 20,
    });
  });

  it("the 'Daily Goal Achieved?' box follows the minutes against that day's goal until the learner changes it, and sends what it shows", async () => {
    const short = day('2026-11-04', false, { readingDailyMins: 10 });
    const { user, dialog } = await openDay('Wednesday 4 November 2026, 10 minutes, goal not achieved', [past(), short]);
    const checkbox = within(dialog).getByRole('checkbox', { name: 'Daily Goal Achieved?' });
    expect(checkbox).not.toBeChecked();
    await user.clear(skill(dialog, 'Reading').getByLabelText('Minutes'));
    await user.type(skill(dialog, 'Reading').getByLabelText('Minutes'), '45');
    await waitFor(() => expect(checkbox).toBeChecked());
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patchBodies).toMatchObject([{ date: '2026-11-04', readingDailyMins: 45, achieved: true }]);
    expect(await screen.findByRole('button', { name: 'Wednesday 4 November 2026, 45 minutes, goal achieved' })).toBeInTheDocument();
  });

  it('once the learner changes the box it no longer follows the minutes', async () => {
    const short = day('2026-11-04', false, { readingDailyMins: 10 });
    const { user, dialog } = await openDay('Wednesday 4 November 2026, 10 minutes, goal not achieved', [past(), short]);
    const checkbox = within(dialog).getByRole('checkbox', { name: 'Daily Goal Achieved?' });
    await user.click(checkbox);
    await user.click(checkbox);
    await user.clear(skill(dialog, 'Reading').getByLabelText('Minutes'));
    await user.type(skill(dialog, 'Reading').getByLabelText('Minutes'), '45');
    expect(checkbox).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(patchBodies).toMatchObject([{ readingDailyMins: 45, achieved: false }]));
  });

  it("has no achieved checkbox for today and never sends 'achieved' for today", async () => {
    const { user, dialog } = await openDay(/^Saturday 21 November 2026, \d+ minutes, today/);
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.type(skill(dialog, 'Reading').getByLabelText('Hours'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patchBodies).toHaveLength(1);
    expect(patchBodies[0]).toEqual({
      date: TODAY,
      isToday: true,
      listeningDailyMins: 0,
      readingDailyMins: 60,
      speakingDailyMins: 0,
      writingDailyMins: 0,
    });
  });

  it('changes the day emoji after a successful edit without a reload', async () => {
    const missed = day('2026-11-04', false, { readingDailyMins: 5 });
    const { user, dialog } = await openDay('Wednesday 4 November 2026, 5 minutes, goal not achieved', [past(), missed]);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Daily Goal Achieved?' }));
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const tile = await screen.findByRole('button', { name: 'Wednesday 4 November 2026, 5 minutes, goal achieved' });
    expect(within(tile).getByRole('img', { name: 'Happy face' })).toBeInTheDocument();
  });

  it("shows the server's message for the daily limits and keeps the modal open", async () => {
    const { user, dialog } = await openDay(PAST_DAY);
    await user.type(skill(dialog, 'Listening').getByLabelText('Hours'), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You can log at most 16 hours for one skill in a day.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("shows the server's message when the four skills exceed a whole day", async () => {
    const { user, dialog } = await openDay(PAST_DAY);
    for (const name of ['Listening', 'Reading', 'Speaking']) {
      await user.clear(skill(dialog, name).getByLabelText('Hours'));
      await user.type(skill(dialog, name).getByLabelText('Hours'), '9');
    }
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You can log at most 24 hours in a day across all skills.');
  });

  it("shows 'Error editing daily time' for any other failure", async () => {
    server.use(http.patch(api('/user/daily-activity'), () => apiError(500, 'INTERNAL_ERROR', 'boom')));
    const { user, dialog } = await openDay(PAST_DAY);
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error editing daily time');
  });

  it("shows 'Server unreachable, try again later' when the request never gets an answer", async () => {
    server.use(http.patch(api('/user/daily-activity'), () => HttpResponse.error()));
    const { user, dialog } = await openDay(PAST_DAY);
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Server unreachable, try again later');
  });

  it('rejects a value that is not a number without calling the server', async () => {
    const { user, dialog } = await openDay(PAST_DAY);
    // Typing is filtered to digits, so the bad value arrives the way autofill would.
    fireEvent.change(skill(dialog, 'Writing').getByLabelText('Minutes'), { target: { value: '1x' } });
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid input, please enter valid numbers');
    expect(patchBodies).toEqual([]);
  });

  it('blocks key presses that are not digits', async () => {
    const { user, dialog } = await openDay(PAST_DAY);
    const minutes = skill(dialog, 'Speaking').getByLabelText('Minutes');
    await user.clear(minutes);
    await user.type(minutes, '4a-5');
    expect(minutes).toHaveValue('45');
  });

  it('closes on the close icon without saving', async () => {
    const { user, dialog } = await openDay(PAST_DAY);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(patchBodies).toEqual([]);
  });

  it('opens from the keyboard on an eligible day', async () => {
    seedSignedInLearner('Spanish', { activities: [past()] });
    const { user } = renderWithProviders(<CalendarPanel />);
    const tile = await screen.findByRole('button', { name: PAST_DAY });
    tile.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Tuesday 3 November 2026' })).toBeInTheDocument();
  });
});
