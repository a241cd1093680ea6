/**
 * Issue #39, minutes in their place (contract, fourth edition): every add lands in the language
 * and the account it was logged for, every waiting dialog settles, storage that refuses still
 * sends, and a learner's device state is theirs only.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@common/apiPaths';
import { localIsoDate } from '@common/domain';
import { apiSlice } from '@/api/apiSlice';
import { addTime } from '@/sync/outbox';
import { makeStore } from '@/app/store';
import { selectActiveTab, tabSelected } from '@/features/dashboard/dashboardSlice';
import { outboxStarted, outboxStopped } from '@/sync/outbox';
import { selectRefused, selectStorageVolatile, selectTimerCalls, selectWaiting } from '@/sync/syncSlice';
import { startTimerFor } from '@/features/timer/timerCalls';
import { addRequested } from '@/sync/outboxRequests';
import type { MockDb } from '../mocks/db';
import { db, newLanguageData, resetDb, seedSignedInLearner } from '../mocks/db';
import { api, apiError } from '../mocks/http';
import { server } from '../mocks/server';

const today = localIsoDate();
let stores: ReturnType<typeof makeStore>[] = [];

async function openTab() {
  const store = makeStore();
  stores.push(store);
  await store.dispatch(apiSlice.endpoints.checkAuth.initiate());
  await store.dispatch(apiSlice.endpoints.getUserLanguage.initiate());
  store.dispatch(outboxStarted());
  return store;
}

const listeningIn = (language: string, of: MockDb = db) =>
  of.perLanguage[language]?.activities.find((a) => a.date === today)?.listeningDailyMins ?? 0;
const add = (key: string, minutes: number) => addRequested({ key, body: { date: today, listeningDailyMins: minutes }, origin: 'tap' });
const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
function goOnline() {
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
}

/** A learner of Spanish who has started French too. */
function bilingual(email = 'learner@example.com'): MockDb {
  const learner = seedSignedInLearner('Spanish');
  learner.email = email;
  learner.languages = ['Spanish', 'French'];
  learner.perLanguage.French = newLanguageData();
  return learner;
}

/** Another learner signs in on the same device: the mock server now answers for them. */
function signInAs(learner: MockDb) {
  resetDb({ ...learner, signedIn: true });
}

describe('minutes in their place', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    window.localStorage.clear();
    bilingual();
  });
  afterEach(() => {
    for (const store of stores) store.dispatch(outboxStopped());
    stores = [];
    vi.restoreAllMocks();
  });

  it('an add logged in Spanish lands in Spanish though another device switched to French before it was sent', async () => {
    goOffline();
    const tab = await openTab();
    tab.dispatch(add('spanish-0001', 25));
    await vi.waitFor(() => expect(selectWaiting(tab.getState())).toHaveLength(1));
    // Meanwhile, on the desktop:
    db.currentLanguage = 'French';
    goOnline();
    await vi.waitFor(() => expect(selectWaiting(tab.getState())).toHaveLength(0));
    expect(listeningIn('Spanish')).toBe(25);
    expect(listeningIn('French')).toBe(0);
  });

  it("an add waits while another learner is signed in, is never sent under them, and reaches its owner's account when they sign in again", async () => {
    goOffline();
    const owner = db;
    const tab = await openTab();
    tab.dispatch(add('owners-0001', 15));
    await vi.waitFor(() => expect(selectWaiting(tab.getState())).toHaveLength(1));

    await tab.dispatch(apiSlice.endpoints.logout.initiate());
    signInAs(bilingual('someone.else@example.com'));
    await tab.dispatch(apiSlice.endpoints.checkAuth.initiate(undefined, { forceRefetch: true }));
    goOnline();
    tab.dispatch(add('others-0001', 5));
    await vi.waitFor(() => expect(listeningIn('Spanish')).toBe(5));
    // The other learner sees only their own add waiting, never the owner's.
    expect(selectWaiting(tab.getState())).toEqual([]);
    expect(listeningIn('Spanish', owner)).toBe(0);

    const otherAfter = db;
    signInAs(owner);
    await tab.dispatch(apiSlice.endpoints.checkAuth.initiate(undefined, { forceRefetch: true }));
    await vi.waitFor(() => expect(listeningIn('Spanish')).toBe(15));
    expect(listeningIn('Spanish', otherAfter)).toBe(5);
  });

  it('an add is never sent under a session another tab opened for someone else meanwhile', async () => {
    goOffline();
    const owner = db;
    const tab = await openTab();
    tab.dispatch(add('stale-page-1', 20));
    await vi.waitFor(() => expect(selectWaiting(tab.getState())).toHaveLength(1));
    // In another tab the owner signed out and someone else signed in: this page still shows the owner.
    signInAs(bilingual('someone.else@example.com'));
    const other = db;
    goOnline();
    await vi.waitFor(() => expect(apiSlice.endpoints.checkAuth.select()(tab.getState()).data?.email).toBe('someone.else@example.com'));
    expect(listeningIn('Spanish', other)).toBe(0);
    signInAs(owner);
    await tab.dispatch(apiSlice.endpoints.checkAuth.initiate(undefined, { forceRefetch: true }));
    await vi.waitFor(() => expect(listeningIn('Spanish')).toBe(20));
    expect(listeningIn('Spanish', other)).toBe(0);
  });

  it('a failing send (5xx) settles every waiting add at once as kept on the device, and they are sent once the server answers', async () => {
    let failing = true;
    server.use(http.post(api(API_PATHS.dailyActivity), () => (failing ? apiError(503, 'SERVICE_UNAVAILABLE' as never, 'Down') : undefined)));
    const tab = await openTab();
    const first = tab.dispatch(addTime(add('down-00001', 10).payload));
    await expect(first).resolves.toMatchObject({ kind: 'queued' });
    // The next add waits behind the first: its dialog is told so at once, not when the server is back.
    const second = tab.dispatch(addTime(add('down-00002', 20).payload));
    await expect(second).resolves.toMatchObject({ kind: 'queued' });
    failing = false;
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(listeningIn('Spanish')).toBe(30));
  });

  it("a refusal sent later is listed with the server's own message", async () => {
    server.use(http.post(api(API_PATHS.dailyActivity), () => apiError(400, 'INVALID_INPUT', 'Minutes sent with an Idempotency-Key can be added to today or up to 7 days before it.')));
    const tab = await openTab();
    tab.dispatch(add('refused-001', 10));
    await vi.waitFor(() => expect(selectRefused(tab.getState())).toHaveLength(1));
    expect(selectRefused(tab.getState())[0].message).toBe('Minutes sent with an Idempotency-Key can be added to today or up to 7 days before it.');
  });

  it('when IndexedDB refuses to open, adds are still sent at once and the app says once that they are not kept', async () => {
    const refusing = {
      open: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    globalThis.indexedDB = refusing as unknown as IDBFactory;
    const tab = await openTab();
    tab.dispatch(add('volatile-01', 12));
    await vi.waitFor(() => expect(listeningIn('Spanish')).toBe(12));
    expect(selectStorageVolatile(tab.getState())).toBe(true);
  });
});

describe("a learner's device state is theirs only", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    window.localStorage.clear();
    bilingual();
  });
  afterEach(() => {
    for (const store of stores) store.dispatch(outboxStopped());
    stores = [];
  });

  it("a start that waits for the server is never run in the account registered next on the device", async () => {
    server.use(http.put(api(API_PATHS.timer), () => apiError(503, 'SERVICE_UNAVAILABLE' as never, 'Down')));
    const tab = await openTab();
    await tab.dispatch(startTimerFor('reading'));
    expect(selectTimerCalls(tab.getState())).toMatchObject([{ type: 'start', skill: 'reading' }]);
    await tab.dispatch(apiSlice.endpoints.logout.initiate());
    server.resetHandlers();
    resetDb({ email: 'owner@example.com' });
    await tab.dispatch(apiSlice.endpoints.register.initiate({ email: 'newcomer@example.com', password: 'correct horse' }));
    db.currentLanguage = 'Spanish';
    db.languages = ['Spanish'];
    await tab.dispatch(apiSlice.endpoints.checkAuth.initiate(undefined, { forceRefetch: true }));
    // The newcomer's own add goes out (the outbox sends in order): the start before it did not.
    await expect(tab.dispatch(addTime(add('newcomer-01', 5).payload))).resolves.toMatchObject({ kind: 'synced' });
    expect(db.timer).toBeNull();
  });

  it("sign-up keeps neither the previous learner's day boundary nor their phone tab", async () => {
    window.localStorage.setItem('dayEndsAtHour', '4');
    const tab = await openTab();
    tab.dispatch(tabSelected('calendar'));
    expect(window.localStorage.getItem('activeTab')).toBe('calendar');
    await tab.dispatch(apiSlice.endpoints.logout.initiate());
    resetDb({ email: 'owner@example.com' });
    await tab.dispatch(apiSlice.endpoints.register.initiate({ email: 'newcomer@example.com', password: 'correct horse' }));
    expect(window.localStorage.getItem('dayEndsAtHour')).toBeNull();
    expect(window.localStorage.getItem('activeTab')).toBeNull();
    expect(selectActiveTab(tab.getState())).toBe('daily');
  });

  it("sign-out forgets the learner's day boundary and phone tab at once", async () => {
    window.localStorage.setItem('dayEndsAtHour', '4');
    const tab = await openTab();
    tab.dispatch(tabSelected('levels'));
    await tab.dispatch(apiSlice.endpoints.logout.initiate());
    expect(window.localStorage.getItem('dayEndsAtHour')).toBeNull();
    expect(window.localStorage.getItem('activeTab')).toBeNull();
    expect(selectActiveTab(tab.getState())).toBe('daily');
  });
});
