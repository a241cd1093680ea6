/**
 * Issue #25 with #32: the answers the dashboard needs to open offline are kept on the device. They
 * are kept when the page is left within the second between writes (the page's own answers change
 * nothing until then), kept while the session check merely gets no answer, and forgotten as soon
 * as the session is refused.
 */
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiSlice } from '@/api/apiSlice';
import { keepAnswersForOffline, seedOfflineAnswers } from '@/sync/offlineCache';
import { makeStore } from '@/app/store';
import { seedSignedInLearner } from '../mocks/db';
import { api, unauthenticated } from '../mocks/http';
import { server } from '../mocks/server';

const STORAGE_KEY = 'lingualog.offlineCache';
const kept = () => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as { endpointName: string; value: unknown }[] | null;
const keptCheck = () => kept()?.find((e) => e.endpointName === 'checkAuth')?.value;
const leavePage = () => window.dispatchEvent(new Event('pagehide'));
/** RTK Query's answers reach the store's subscribers in a batch, a frame later. */
const storeNotified = () => new Promise((resolve) => setTimeout(resolve, 50));

let stop: (() => void) | undefined;
beforeEach(() => {
  localStorage.clear();
  seedSignedInLearner();
});
afterEach(() => {
  stop?.();
  stop = undefined;
});

describe('the answers kept for opening offline', () => {
  it("keeps the answers the page arrived with when it is left before the next write (a reload within the second)", () => {
    const store = makeStore();
    store.dispatch(
      apiSlice.util.upsertQueryEntries([
        { endpointName: 'checkAuth', arg: undefined, value: { email: 'learner@example.com' } },
        { endpointName: 'getUserLanguage', arg: undefined, value: { name: 'Spanish' } },
      ]),
    );
    stop = keepAnswersForOffline(store);
    leavePage();
    expect(keptCheck()).toEqual({ email: 'learner@example.com' });

    // ...and a page that starts offline finds them.
    const offline = makeStore();
    expect(seedOfflineAnswers(offline, false)).toBe(true);
    expect(apiSlice.endpoints.getUserLanguage.select()(offline.getState()).data).toEqual({ name: 'Spanish' });
  });

  it('keeps them while the session check gets no answer, and forgets them as soon as the session is refused', async () => {
    const store = makeStore();
    stop = keepAnswersForOffline(store);
    await store.dispatch(apiSlice.endpoints.checkAuth.initiate());
    await storeNotified();
    leavePage();
    const email = keptCheck();
    expect(email).toBeDefined();

    server.use(http.get(api('/auth/check'), () => HttpResponse.error()));
    await store.dispatch(apiSlice.endpoints.checkAuth.initiate(undefined, { forceRefetch: true }));
    await storeNotified();
    leavePage();
    expect(keptCheck()).toEqual(email);

    server.use(http.get(api('/auth/check'), () => unauthenticated()));
    await store.dispatch(apiSlice.endpoints.checkAuth.initiate(undefined, { forceRefetch: true }));
    await vi.waitFor(() => expect(kept()).toBeNull());
  });
});
