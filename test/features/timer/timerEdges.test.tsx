/**
 * Issue #39, the timer's edges: the stop note says "added" only once the server accepted, a
 * second stop of one timer shows the stored day, and a late start of a stopped timer clears quietly.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@common/apiPaths';
import { localIsoDate } from '@common/domain';
import { current, db, seedSignedInLearner } from '../../mocks/db';
import { api } from '../../mocks/http';
import { server } from '../../mocks/server';
import { runClockFromLocalNoon, setViewportWidth } from '../../utils';
import { DASHBOARD_TEST_TIMEOUT, renderDashboard, warmUpDashboard } from '../dashboard/renderDashboard';

const MINUTE = 60_000;
const bar = () => screen.getByRole('region', { name: 'Timer' });
const clock = () => screen.findByRole('timer');
const running = (ms: number, id = 'phone-timer-01') => {
  db.timer = { id, skill: 'reading', language: 'Spanish', startedAt: new Date(Date.now() - ms).toISOString() };
};
const readingOnServer = () => current().activities.find((a) => a.date === localIsoDate())?.readingDailyMins ?? 0;

describe("the timer's edges", { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  beforeAll(...warmUpDashboard);
  beforeEach(() => {
    runClockFromLocalNoon();
    globalThis.indexedDB = new IDBFactory();
    setViewportWidth(1280);
    seedSignedInLearner();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("the stop note says 'will be added' until the server accepted the minutes, and 'added' once it has", async () => {
    running(20 * MINUTE + 5_000);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(api(API_PATHS.dailyActivity), async () => {
        await held;
        return undefined;
      }),
    );
    const { user } = await renderDashboard();
    await clock();
    await user.click(within(bar()).getByRole('button', { name: 'Stop timer' }));
    expect(await within(bar()).findByText('0 hours 20 minutes of Reading will be added.')).toBeInTheDocument();
    expect(within(bar()).queryByText(/of Reading added\./)).not.toBeInTheDocument();
    release();
    expect(await within(bar()).findByText('0 hours 20 minutes of Reading added.')).toBeInTheDocument();
    expect(readingOnServer()).toBe(20);
  });

  it('a second stop of a timer another device stopped shows the stored day, never a failure, and adds nothing', async () => {
    running(30 * MINUTE + 5_000);
    const { user } = await renderDashboard();
    await clock();
    // The phone stopped it a minute ago with 29 minutes under the same key.
    const today = localIsoDate();
    const headers = { 'content-type': 'application/json', 'Idempotency-Key': `phone-timer-01:${today}` };
    await fetch(api(API_PATHS.dailyActivity), { method: 'POST', headers, body: JSON.stringify({ date: today, readingDailyMins: 29 }) });
    await user.click(within(bar()).getByRole('button', { name: 'Stop timer' }));
    expect(await within(bar()).findByText(/was stopped on another device/)).toHaveTextContent('holds 0 hours 29 minutes of Reading');
    expect(screen.queryByText('Error adding daily time')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Adds not saved' })).not.toBeInTheDocument();
    expect(readingOnServer()).toBe(29);
    await waitFor(() => expect(screen.queryByText('1 waiting to sync')).not.toBeInTheDocument());
  });

  it('a late start retry answered 409 TIMER_STOPPED clears the local timer quietly', async () => {
    server.use(http.put(api(API_PATHS.timer), () => HttpResponse.error()));
    const { user } = await renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Start timer for Listening' }));
    expect(await clock()).toHaveAccessibleName('Listening timer');
    // The start reached the server after all, and another device stopped it: the retry is refused.
    server.use(http.put(api(API_PATHS.timer), () => HttpResponse.json({ error: 'TIMER_STOPPED', message: 'Stopped' }, { status: 409 })));
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByRole('timer')).not.toBeInTheDocument());
    expect(within(bar()).queryByText('Error starting timer')).not.toBeInTheDocument();
    expect(within(bar()).queryByText('Server unreachable, try again later')).not.toBeInTheDocument();
  });
});
