/**
 * Issue #39, items 9 and 10: the figures a page shows are the server's last answers plus each
 * waiting add once, whether it opens online, offline or while the server is down.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localIsoDate } from '@common/domain';
import { apiSlice } from '@/api/apiSlice';
import { keepAnswersForOffline, seedOfflineAnswers } from '@/sync/offlineCache';
import { selectOutage } from '@/api/session';
import { makeStore } from '@/app/store';
import { outboxStarted, outboxStopped } from '@/sync/outbox';
import { selectWaiting } from '@/sync/syncSlice';
import { addRequested } from '@/sync/outboxRequests';
import { seedSignedInLearner } from '../mocks/db';
import { api, apiError } from '../mocks/http';
import { server } from '../mocks/server';

const today = localIsoDate();
const leavePage = () => window.dispatchEvent(new Event('pagehide'));
const storeNotified = () => new Promise((resolve) => setTimeout(resolve, 50));
const minutesShown = (store: ReturnType<typeof makeStore>) => apiSlice.endpoints.getDailyMinutes.select(today)(store.getState()).data;
const progressShown = (store: ReturnType<typeof makeStore>) => apiSlice.endpoints.getProgress.select()(store.getState()).data;

let stops: (() => void)[] = [];
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  localStorage.clear();
  seedSignedInLearner('Spanish', {
    activities: [{ date: today, achieved: false, listeningDailyMins: 0, readingDailyMins: 3, speakingDailyMins: 0, writingDailyMins: 0 }],
  });
});
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  vi.restoreAllMocks();
});

/** A page of the app: its store, the answers it keeps, its outbox. */
async function openPage({ offline = false } = {}) {
  const store = makeStore();
  if (offline) seedOfflineAnswers(store, false);
  const stopKeeping = keepAnswersForOffline(store);
  store.dispatch(outboxStarted());
  stops.push(stopKeeping, () => store.dispatch(outboxStopped()));
  return store;
}

describe('figures kept on the device', () => {
  it('reopened offline, each waiting add is counted once on the day and in the progress', async () => {
    const first = await openPage();
    await first.dispatch(apiSlice.endpoints.checkAuth.initiate());
    await first.dispatch(apiSlice.endpoints.getUserLanguage.initiate());
    await first.dispatch(apiSlice.endpoints.getDailyMinutes.initiate(today));
    await first.dispatch(apiSlice.endpoints.getProgress.initiate());
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    first.dispatch(addRequested({ key: 'offline-read-1', body: { date: today, readingDailyMins: 10 }, origin: 'tap' }));
    first.dispatch(addRequested({ key: 'offline-speak-1', body: { date: today, speakingDailyMins: 5 }, origin: 'tap' }));
    await vi.waitFor(() => expect(selectWaiting(first.getState())).toHaveLength(2));
    expect(minutesShown(first)).toMatchObject({ readingDailyMins: 13, speakingDailyMins: 5, totalDailyMins: 18 });
    await storeNotified();
    leavePage();

    const reopened = await openPage({ offline: true });
    await vi.waitFor(() => expect(selectWaiting(reopened.getState())).toHaveLength(2));
    expect(minutesShown(reopened)).toMatchObject({ readingDailyMins: 13, speakingDailyMins: 5, totalDailyMins: 18 });
    expect(progressShown(reopened)).toMatchObject({ readingOverallMins: 13, speakingOverallMins: 5, totalOverallMins: 18 });
  });

  it('a reload while the server answers 503 shows the last known figures and says the server is not answering', { timeout: 20_000 }, async () => {
    const first = await openPage();
    await first.dispatch(apiSlice.endpoints.checkAuth.initiate());
    await first.dispatch(apiSlice.endpoints.getProgress.initiate());
    await storeNotified();
    leavePage();

    server.use(http.all(api('/*'), () => apiError(503, 'SERVICE_UNAVAILABLE' as never, 'Down')));
    const reloaded = await openPage();
    const check = reloaded.dispatch(apiSlice.endpoints.checkAuth.initiate());
    await check;
    await vi.waitFor(() => expect(selectOutage(reloaded.getState())).toBe(true));
    expect(apiSlice.endpoints.checkAuth.select()(reloaded.getState()).data).toEqual({ email: 'learner@example.com' });
    expect(progressShown(reloaded)).toMatchObject({ readingOverallMins: 3 });
    // A panel's own read failing meanwhile leaves the kept answer standing, not an error.
    await reloaded.dispatch(apiSlice.endpoints.getProgress.initiate(undefined, { forceRefetch: true }));
    await vi.waitFor(() => expect(apiSlice.endpoints.getProgress.select()(reloaded.getState()).isError).toBe(false));
    expect(progressShown(reloaded)).toMatchObject({ readingOverallMins: 3 });

    // The server answers again: its answers replace the kept ones and the outage is no longer said.
    server.resetHandlers();
    await reloaded.dispatch(apiSlice.endpoints.checkAuth.initiate(undefined, { forceRefetch: true }));
    expect(selectOutage(reloaded.getState())).toBe(false);
  });
});
