import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@common/apiPaths';
import { localIsoDate } from '@common/domain';
import { timerListener } from '@/features/timer/timerSlice';
import type { KeyedAdd } from '@/sync/outboxRequests';
import { addRequested } from '@/sync/outboxRequests';
import { selectTimerCalls } from '@/sync/syncSlice';
import type { StartTimer } from '@common/schemas/timer';
import { db, seedSignedInLearner } from '../../mocks/db';
import { api } from '../../mocks/http';
import { server } from '../../mocks/server';
import { runClockFromLocalNoon, setViewportWidth } from '../../utils';
import { DASHBOARD_TEST_TIMEOUT, renderDashboard, warmUpDashboard } from '../dashboard/renderDashboard';

const MINUTE = 60_000;
const startedAgo = (ms: number, skill: StartTimer['skill'] = 'listening', id = 'other-device-timer') => {
  db.timer = { id, skill, language: 'Spanish', startedAt: new Date(Date.now() - ms).toISOString() };
};

/** What the timer hands to the outbox (src/sync sends it with its Idempotency-Key). */
let handedToOutbox: KeyedAdd[] = [];
let stopWatching = () => {};
beforeEach(() => {
  handedToOutbox = [];
  stopWatching = timerListener.startListening({ actionCreator: addRequested, effect: (action) => void handedToOutbox.push(action.payload) });
});
afterEach(() => {
  stopWatching();
  vi.useRealTimers();
});

const bar = () => screen.getByRole('region', { name: 'Timer' });
const clock = () => screen.findByRole('timer');

describe('a timer for each skill', { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  beforeAll(...warmUpDashboard);
  beforeEach(() => {
    runClockFromLocalNoon();
    setViewportWidth(1280);
    seedSignedInLearner();
  });

  it('offers a start button beside each add-time button and shows the running skill as h:mm:ss', async () => {
    const { user } = await renderDashboard();
    await screen.findByRole('button', { name: 'Listening Time' });
    for (const skill of ['Listening', 'Reading', 'Speaking', 'Writing']) {
      expect(await screen.findByRole('button', { name: `Start timer for ${skill}` })).toBeEnabled();
    }
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Start timer for Speaking' }));
    expect(await clock()).toHaveAccessibleName('Speaking timer');
    expect(await clock()).toHaveTextContent(/^0:00:\d\d$/);
    await waitFor(() => expect(db.timer?.skill).toBe('speaking'));
    const startedAt = Date.parse(db.timer!.startedAt);
    expect(startedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(screen.getByRole('button', { name: 'Start timer for Speaking' })).toBeDisabled();
  });

  it('shows a timer started on another device with its elapsed time from its start instant', async () => {
    startedAgo(30 * MINUTE + 5000, 'reading');
    await renderDashboard();
    expect(await clock()).toHaveAccessibleName('Reading timer');
    expect(await clock()).toHaveTextContent(/^0:30:\d\d$/);
  });

  it('recomputes the elapsed time from the start when the page is shown again, not from ticks', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    startedAgo(10 * MINUTE);
    await renderDashboard();
    expect(await clock()).toHaveTextContent(/^0:10:\d\d$/);
    vi.setSystemTime(Date.now() + 30 * MINUTE);
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow')));
    expect(await clock()).toHaveTextContent(/^0:40:\d\d$/);
  });

  it('adds nothing for a stop under one minute, deletes the timer and says so in the bar', async () => {
    startedAgo(20_000);
    const { user } = await renderDashboard();
    await clock();
    await user.click(within(bar()).getByRole('button', { name: 'Stop timer' }));
    expect(await within(bar()).findByRole('status')).toHaveTextContent('Timer stopped under one minute: nothing added.');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    await waitFor(() => expect(db.timer).toBeNull());
    expect(handedToOutbox).toEqual([]);
  });

  it("stops into one keyed add per day, '<timer id>:<date>', through the outbox, then deletes the timer", async () => {
    startedAgo(45 * MINUTE + 10_000);
    const { user } = await renderDashboard();
    await clock();
    await user.click(within(bar()).getByRole('button', { name: 'Stop timer' }));
    expect(await within(bar()).findByRole('status')).toHaveTextContent('0 hours 45 minutes of Listening added.');
    const today = localIsoDate();
    expect(handedToOutbox).toEqual([
      { key: `other-device-timer:${today}`, body: { date: today, listeningDailyMins: 45 }, origin: 'timer', language: 'Spanish' },
    ]);
    await waitFor(() => expect(db.timer).toBeNull());
  });

  it('splits a timer that ran across midnight into two adds that sum to the elapsed minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const midnight = new Date();
    midnight.setHours(24, 0, 0, 0);
    vi.setSystemTime(midnight.getTime() + 20 * MINUTE + 30_000);
    db.timer = { id: 'late-night', skill: 'reading', language: 'Spanish', startedAt: new Date(midnight.getTime() - 30 * MINUTE).toISOString() };
    const { user } = await renderDashboard();
    await clock();
    await user.click(within(bar()).getByRole('button', { name: 'Stop timer' }));
    await within(bar()).findByText(/of Reading added/);
    const before = localIsoDate(new Date(midnight.getTime() - MINUTE));
    const after = localIsoDate(midnight);
    expect(handedToOutbox.map((a) => [a.key, a.body])).toEqual([
      [`late-night:${before}`, { date: before, readingDailyMins: 30 }],
      [`late-night:${after}`, { date: after, readingDailyMins: 20 }],
    ]);
  });

  it("adds only what fits under the day's limits and says what did not", async () => {
    seedSignedInLearner('Spanish', {
      activities: [{ date: localIsoDate(), achieved: true, listeningDailyMins: 950, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0 }],
    });
    startedAgo(30 * MINUTE);
    const { user } = await renderDashboard();
    await clock();
    await user.click(within(bar()).getByRole('button', { name: 'Stop timer' }));
    expect(await within(bar()).findByRole('status')).toHaveTextContent(
      "0 hours 10 minutes of Listening added. 0 hours 20 minutes did not fit within the day's limits and were not added.",
    );
    expect(handedToOutbox.map((a) => a.body)).toEqual([{ date: localIsoDate(), listeningDailyMins: 10 }]);
  });

  it('asks Keep, Set the end time or Discard before stopping a timer over 3 hours, and adds nothing on Discard', async () => {
    startedAgo(4 * 60 * MINUTE);
    const { user } = await renderDashboard();
    await clock();
    await user.click(within(bar()).getByRole('button', { name: 'Stop timer' }));
    const dialog = await screen.findByRole('dialog', { name: 'The Listening timer ran for 4 hours 0 minutes' });
    for (const name of ['Keep', 'Set the end time']) expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    expect(handedToOutbox).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(await within(bar()).findByRole('status')).toHaveTextContent('Listening timer discarded: nothing added.');
    await waitFor(() => expect(db.timer).toBeNull());
    expect(handedToOutbox).toEqual([]);
  });

  it('stops a long timer at the end time the learner sets', async () => {
    const start = new Date();
    start.setHours(start.getHours() - 5, 0, 0, 0);
    db.timer = { id: 'forgot-it', skill: 'writing', language: 'Spanish', startedAt: start.toISOString() };
    const { user } = await renderDashboard();
    await clock();
    await user.click(within(bar()).getByRole('button', { name: 'Stop timer' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Set the end time' }));
    const end = new Date(start.getTime() + 90 * MINUTE);
    const field = within(dialog).getByLabelText('End time');
    expect(field).toHaveFocus();
    await user.clear(field);
    const two = (n: number) => String(n).padStart(2, '0');
    await user.type(field, `${localIsoDate(end)}T${two(end.getHours())}:${two(end.getMinutes())}`);
    await user.click(within(dialog).getByRole('button', { name: 'Stop at this time' }));
    await within(bar()).findByText(/of Writing added/);
    expect(handedToOutbox.reduce((sum, a) => sum + (a.body.writingDailyMins ?? 0), 0)).toBe(90);
  });

  it('says when the app opens that a timer has run over 8 hours', async () => {
    startedAgo(9 * 60 * MINUTE);
    await renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('This Listening timer has been running for 9 hours 0 minutes.');
  });

  it("asks before starting another skill's timer, then stops the running one with its minutes and starts the new one", async () => {
    startedAgo(12 * MINUTE);
    const { user } = await renderDashboard();
    await clock();
    await user.click(screen.getByRole('button', { name: 'Start timer for Reading' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop the Listening timer and start Reading?' });
    expect(handedToOutbox).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Stop and start Reading' }));
    await waitFor(async () => expect(await clock()).toHaveAccessibleName('Reading timer'));
    expect(handedToOutbox.map((a) => a.body)).toEqual([{ date: localIsoDate(), listeningDailyMins: 12 }]);
    await waitFor(() => expect(db.timer?.skill).toBe('reading'));
  });

  it("shows the other device's timer when the server says one is already running (409 TIMER_RUNNING)", async () => {
    const { user } = await renderDashboard();
    await screen.findByRole('button', { name: 'Start timer for Listening' });
    startedAgo(3 * MINUTE, 'writing');
    await user.click(screen.getByRole('button', { name: 'Start timer for Listening' }));
    await waitFor(async () => expect(await clock()).toHaveAccessibleName('Writing timer'));
    expect(within(bar()).getByRole('status')).toHaveTextContent('A Writing timer started on another device is running');
    expect(db.timer?.skill).toBe('writing');
  });

  it('keeps a start made without network and sends it, with the instant of the tap, when the network returns', async () => {
    server.use(http.put(api(API_PATHS.timer), () => HttpResponse.error()));
    const { user, store } = await renderDashboard();
    const tapped = Date.now();
    await user.click(await screen.findByRole('button', { name: 'Start timer for Listening' }));
    expect(await clock()).toHaveAccessibleName('Listening timer');
    expect(await within(bar()).findByText('Server unreachable, try again later')).toBeInTheDocument();
    // Kept in the outbox, on the device, until the server has it.
    expect(selectTimerCalls(store.getState())).toMatchObject([{ type: 'start', skill: 'listening' }]);
    server.resetHandlers();
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(db.timer?.skill).toBe('listening'));
    expect(Math.abs(Date.parse(db.timer!.startedAt) - tapped)).toBeLessThan(2000);
    await waitFor(() => expect(within(bar()).queryByText('Server unreachable, try again later')).not.toBeInTheDocument());
  });

  it('keeps a stop whose answer was lost hidden and sends it again when the network returns', async () => {
    startedAgo(2 * MINUTE);
    server.use(http.delete(api(`${API_PATHS.timer}/:id`), () => HttpResponse.error()));
    const { user } = await renderDashboard();
    await clock();
    await user.click(within(bar()).getByRole('button', { name: 'Stop timer' }));
    await within(bar()).findByText('Server unreachable, try again later');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(db.timer).not.toBeNull();
    server.resetHandlers();
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(db.timer).toBeNull());
    expect(handedToOutbox).toHaveLength(1);
  });
});
