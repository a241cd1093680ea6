import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localIsoDate } from '@common/domain';
import { apiSlice } from '@/app/apiSlice';
import { makeStore } from '@/app/store';
import { discardRequested, outboxStarted, outboxStopped, refusedEntry } from '@/features/sync/outbox';
import { firstAttemptOf } from '@/features/sync/sendOutcome';
import { openOfflineStore } from '@/features/sync/outboxStore';
import { selectRefused, selectSignInNeeded, selectWaiting } from '@/features/sync/syncSlice';
import { addRequested } from '@/lib/outboxRequests';
import { messageFor } from '@/lib/errorMessages';
import { current, seedSignedInLearner } from '../../mocks/db';
import { api, unauthenticated } from '../../mocks/http';
import { server } from '../../mocks/server';

const today = localIsoDate();
let stores: ReturnType<typeof makeStore>[] = [];

/** One tab: a store signed in as the learner, with its outbox running. */
async function openTab() {
  const store = makeStore();
  stores.push(store);
  await store.dispatch(apiSlice.endpoints.checkAuth.initiate());
  store.dispatch(outboxStarted());
  return store;
}

const add = (key: string, minutes: number, date = today) =>
  addRequested({ key, body: { date, listeningDailyMins: minutes }, origin: 'tap' });
const listeningOnServer = () => current().activities.find((a) => a.date === today)?.listeningDailyMins ?? 0;
const stateOf = (store: ReturnType<typeof makeStore>, key: string) => store.getState().sync.entries[key]?.state;
const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
function goOnline() {
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
}

/** Web Locks as Chromium has them: one holder, the others served in the order they asked. */
function fakeWebLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  const request = (_name: string, work: () => Promise<unknown>) => {
    const run = tail.then(work);
    tail = run.catch(() => undefined);
    return run;
  };
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
  /** Another tab's flush holding the lock until `release()`: this tab's adds wait their turn. */
  const anotherTabFlushing = () => {
    let release = () => undefined as void;
    void request('lingualog-outbox', () => new Promise<void>((done) => (release = done)));
    return { release: () => release() };
  };
  return { anotherTabFlushing, restore: () => delete (navigator as { locks?: unknown }).locks };
}

const tooMuchToday = () =>
  seedSignedInLearner('Spanish', {
    activities: [{ date: today, achieved: true, listeningDailyMins: 950, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0 }],
  });

describe('the outbox of adds', () => {
  beforeEach(() => {
    // A fresh IndexedDB per test, as a new browser profile would have.
    globalThis.indexedDB = new IDBFactory();
    seedSignedInLearner();
  });
  afterEach(() => {
    for (const store of stores) store.dispatch(outboxStopped());
    stores = [];
    vi.restoreAllMocks();
  });

  it('shows an add at once as pending, then sends it once and marks it synced', async () => {
    const tab = await openTab();
    await tab.dispatch(apiSlice.endpoints.getDailyMinutes.initiate(today));
    tab.dispatch(add('tap-0001', 20));
    expect(stateOf(tab, 'tap-0001')).toBe('pending');
    expect(apiSlice.endpoints.getDailyMinutes.select(today)(tab.getState()).data?.listeningDailyMins).toBe(20);
    await vi.waitFor(() => expect(stateOf(tab, 'tap-0001')).toBe('synced'));
    expect(listeningOnServer()).toBe(20);
    expect(await openOfflineStore().entries()).toEqual([]);
  });

  it('keeps adds made offline in IndexedDB and sends them in creation order once online', async () => {
    const order: number[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST') order.push(((await request.clone().json()) as { listeningDailyMins: number }).listeningDailyMins);
    });
    goOffline();
    const tab = await openTab();
    for (const [i, minutes] of [5, 6, 7].entries()) tab.dispatch(add(`offline-${i}-key`, minutes));
    await vi.waitFor(async () => expect(await openOfflineStore().entries()).toHaveLength(3));
    expect(selectWaiting(tab.getState())).toHaveLength(3);
    expect(listeningOnServer()).toBe(0);

    goOnline();
    await vi.waitFor(() => expect(selectWaiting(tab.getState())).toHaveLength(0));
    server.events.removeAllListeners();
    expect(order).toEqual([5, 6, 7]);
    expect(listeningOnServer()).toBe(18);
  });

  it('sends an add whose answer was lost again with the same key, and the server counts it once', async () => {
    let lost = true;
    server.use(
      http.post(api('/user/daily-activity'), async ({ request }) => {
        if (!lost) return undefined;
        lost = false;
        // The server applies the add, then the answer never arrives.
        await fetch(request.clone());
        return HttpResponse.error();
      }),
    );
    const tab = await openTab();
    tab.dispatch(add('lost-answer-1', 30));
    await vi.waitFor(() => expect(listeningOnServer()).toBe(30));
    await vi.waitFor(() => expect(stateOf(tab, 'lost-answer-1')).toBe('pending'));
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(stateOf(tab, 'lost-answer-1')).toBe('synced'));
    expect(listeningOnServer()).toBe(30);
  });

  it("marks a refused add failed with the server's message and takes its minutes off the display", async () => {
    tooMuchToday();
    const tab = await openTab();
    await tab.dispatch(apiSlice.endpoints.getDailyMinutes.initiate(today));
    tab.dispatch(add('too-much-1', 30));
    await vi.waitFor(() => expect(stateOf(tab, 'too-much-1')).toBe('failed'));
    expect(selectRefused(tab.getState())[0].message).toBe('You can log at most 16 hours for one skill in a day.');
    expect(apiSlice.endpoints.getDailyMinutes.select(today)(tab.getState()).data?.listeningDailyMins).toBe(950);
    expect((await openOfflineStore().entries())[0].state).toBe('failed');
  });

  it('keeps the queue when the session has ended and asks to sign in', async () => {
    const tab = await openTab();
    server.use(http.post(api('/user/daily-activity'), () => unauthenticated()));
    tab.dispatch(add('expired-01', 10));
    await vi.waitFor(() => expect(selectSignInNeeded(tab.getState())).toBe(true));
    expect(stateOf(tab, 'expired-01')).toBe('pending');
    expect(await openOfflineStore().entries()).toHaveLength(1);
  });

  it('sends what an earlier visit left waiting when the app starts again', async () => {
    const body = { date: today, listeningDailyMins: 12 };
    await openOfflineStore().put({ key: 'left-over-1', body, origin: 'tap', state: 'pending', seq: 1, owner: 'learner@example.com' });
    const tab = await openTab();
    await vi.waitFor(() => expect(stateOf(tab, 'left-over-1')).toBe('synced'));
    expect(listeningOnServer()).toBe(12);
  });

  it("never sends another learner's waiting adds", async () => {
    const body = { date: today, listeningDailyMins: 12 };
    await openOfflineStore().put({ key: 'someone-else', body, origin: 'tap', state: 'pending', seq: 1, owner: 'other@example.com' });
    const tab = await openTab();
    tab.dispatch(add('mine-0001', 5));
    await vi.waitFor(() => expect(stateOf(tab, 'mine-0001')).toBe('synced'));
    expect(stateOf(tab, 'someone-else')).toBeUndefined();
    expect(listeningOnServer()).toBe(5);
  });

  it('counts each add once when two tabs flush together', async () => {
    goOffline();
    const first = await openTab();
    const second = await openTab();
    for (let i = 0; i < 4; i += 1) (i % 2 ? first : second).dispatch(add(`two-tabs-${i}`, 10));
    await vi.waitFor(async () => expect(await openOfflineStore().entries()).toHaveLength(4));
    goOnline();
    await vi.waitFor(async () => expect(await openOfflineStore().entries()).toHaveLength(0));
    await vi.waitFor(() => expect(selectWaiting(first.getState()).length + selectWaiting(second.getState()).length).toBe(0));
    expect(listeningOnServer()).toBe(40);
  });

  it('answers the add a tab waits on as synced when another tab sent it first', async () => {
    const locks = fakeWebLocks();
    try {
      const tab = await openTab();
      const other = locks.anotherTabFlushing();
      const answered = firstAttemptOf('sent-elsewhere');
      tab.dispatch(add('sent-elsewhere', 10));
      await vi.waitFor(async () => expect(await openOfflineStore().entries()).toHaveLength(1));
      // ...and that tab's flush, served first, sends this tab's add with its key.
      const body = JSON.stringify({ date: today, listeningDailyMins: 10 });
      const headers = { 'content-type': 'application/json', 'Idempotency-Key': 'sent-elsewhere' };
      expect((await fetch(api('/user/daily-activity'), { method: 'POST', headers, body })).ok).toBe(true);
      await openOfflineStore().remove('sent-elsewhere');
      other.release();
      await expect(answered).resolves.toEqual({ kind: 'synced' });
      expect(stateOf(tab, 'sent-elsewhere')).toBe('synced');
      expect(listeningOnServer()).toBe(10);
    } finally {
      locks.restore();
    }
  });

  it("answers the add a tab waits on with the server's refusal when another tab sent it and was refused", async () => {
    tooMuchToday();
    const locks = fakeWebLocks();
    try {
      const tab = await openTab();
      await tab.dispatch(apiSlice.endpoints.getDailyMinutes.initiate(today));
      const other = locks.anotherTabFlushing();
      const answered = firstAttemptOf('refused-elsewhere');
      tab.dispatch(add('refused-elsewhere', 30));
      await vi.waitFor(async () => expect(await openOfflineStore().entries()).toHaveLength(1));
      // That tab's flush sends it with its key, is refused, and keeps it as refused.
      const [entry] = await openOfflineStore().entries();
      const body = JSON.stringify(entry.body);
      const headers = { 'content-type': 'application/json', 'Idempotency-Key': entry.key };
      const res = await fetch(api('/user/daily-activity'), { method: 'POST', headers, body });
      expect(res.status).toBe(400);
      await openOfflineStore().put(refusedEntry(entry, { status: res.status, data: await res.json() }));
      other.release();
      // The add-time modal here hears the refusal (it would show "Adding..." forever) and shows it itself.
      const outcome = await answered;
      expect(outcome.kind).toBe('refused');
      expect(messageFor((outcome as { error: unknown }).error, 'ADD_DAILY_TIME_ERROR')).toBe('You can log at most 16 hours for one skill in a day.');
      await vi.waitFor(async () => expect(await openOfflineStore().entries()).toEqual([]));
      expect(stateOf(tab, 'refused-elsewhere')).toBeUndefined();
      expect(apiSlice.endpoints.getDailyMinutes.select(today)(tab.getState()).data?.listeningDailyMins).toBe(950);
    } finally {
      locks.restore();
    }
  });

  it("a refused add discarded in one tab leaves the other tabs' outboxes", async () => {
    tooMuchToday();
    const first = await openTab();
    const second = await openTab();
    first.dispatch(add('discard-me-1', 30));
    await vi.waitFor(() => expect(stateOf(first, 'discard-me-1')).toBe('failed'));
    await vi.waitFor(() => expect(stateOf(second, 'discard-me-1')).toBe('failed'));
    first.dispatch(discardRequested('discard-me-1'));
    await vi.waitFor(() => expect(stateOf(second, 'discard-me-1')).toBeUndefined());
    expect(selectRefused(second.getState())).toEqual([]);
    expect(await openOfflineStore().entries()).toEqual([]);
  });
});
