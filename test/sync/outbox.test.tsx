import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localIsoDate } from '@common/domain';
import { apiSlice } from '@/api/apiSlice';
import { makeStore } from '@/app/store';
import { addTime, outboxStarted, outboxStopped, refusedEntry } from '@/sync/outbox';
import { openOfflineStore } from '@/sync/outboxStore';
import { addRequested } from '@/sync/outboxRequests';
import { messageFor } from '@/lib/errorMessages';
import { RefusedAdds } from '@/sync/RefusedAdds';
import { WaitingChip, WaitingCount } from '@/sync/SyncStatus';
import { current, seedSignedInLearner } from '../mocks/db';
import { api, unauthenticated } from '../mocks/http';
import { server } from '../mocks/server';
import { renderWithProviders } from '../utils';

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

/**
 * What the learner sees of a tab's outbox: the header's count of adds waiting to sync (or
 * 'Sign in to sync'), the chip beside today's listening, and the list of adds not saved.
 */
function showTab(tab: ReturnType<typeof makeStore>, name: string) {
  renderWithProviders(
    <section aria-label={name}>
      <WaitingCount />
      <WaitingChip date={today} skill="listening" />
      <RefusedAdds onEditDay={() => undefined} />
      <ListeningToday />
    </section>,
    { store: tab },
  );
  const view = () => within(screen.getByRole('region', { name }));
  return {
    waiting: () => view().queryByRole('status')?.textContent ?? null,
    chip: () => view().queryByText('Waiting to sync'),
    refused: () => view().queryByRole('list', { name: 'Adds not saved' })?.textContent ?? null,
    /** Today's listening minutes as the dashboard shows them (the day's answer with the adds still waiting). */
    listening: () => Number(view().getByTestId('listening-today').textContent),
    discard: () => act(() => view().getByRole('button', { name: 'Discard' }).click()),
  };
}

/** Today's listening minutes as far as the tab has read them (asks for nothing itself). */
function ListeningToday() {
  const minutes = apiSlice.endpoints.getDailyMinutes.useQueryState(today).data?.listeningDailyMins;
  return <p data-testid="listening-today">{minutes ?? ''}</p>;
}
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
    const shown = showTab(tab, 'Tab');
    // Held until checked: the add is shown before any answer.
    let answer = () => undefined as void;
    server.use(http.post(api('/user/daily-activity'), () => new Promise<undefined>((resolve) => (answer = () => resolve(undefined)))));
    await act(async () => void tab.dispatch(add('tap-0001', 20)));
    expect(shown.waiting()).toBe('1 waiting to sync');
    expect(shown.chip()).not.toBeNull();
    // Before any answer (the server still holds 0): the add's own minutes, shown by the outbox.
    await vi.waitFor(() => expect(shown.listening()).toBe(20));
    expect(listeningOnServer()).toBe(0);
    answer();
    await vi.waitFor(() => expect(shown.waiting()).toBeNull());
    expect(shown.chip()).toBeNull();
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
    const shown = showTab(tab, 'Tab');
    for (const [i, minutes] of [5, 6, 7].entries()) act(() => void tab.dispatch(add(`offline-${i}-key`, minutes)));
    await vi.waitFor(async () => expect(await openOfflineStore().entries()).toHaveLength(3));
    expect(shown.waiting()).toBe('3 waiting to sync');
    expect(listeningOnServer()).toBe(0);

    goOnline();
    await vi.waitFor(() => expect(shown.waiting()).toBeNull());
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
    const shown = showTab(tab, 'Tab');
    act(() => void tab.dispatch(add('lost-answer-1', 30)));
    await vi.waitFor(() => expect(listeningOnServer()).toBe(30));
    await vi.waitFor(() => expect(shown.waiting()).toBe('1 waiting to sync'));
    act(() => void window.dispatchEvent(new Event('focus')));
    await vi.waitFor(() => expect(shown.waiting()).toBeNull());
    expect(listeningOnServer()).toBe(30);
  });

  it("marks a refused add failed with the server's message and takes its minutes off the display", async () => {
    tooMuchToday();
    const tab = await openTab();
    await tab.dispatch(apiSlice.endpoints.getDailyMinutes.initiate(today));
    const shown = showTab(tab, 'Tab');
    act(() => void tab.dispatch(add('too-much-1', 30)));
    await vi.waitFor(() => expect(shown.refused()).toContain('You can log at most 16 hours for one skill in a day.'));
    expect(shown.refused()).toContain('30m of Listening');
    expect(shown.waiting()).toBeNull();
    expect(shown.listening()).toBe(950);
    expect((await openOfflineStore().entries())[0].state).toBe('failed');
  });

  it('keeps the queue when the session has ended and asks to sign in', async () => {
    const tab = await openTab();
    server.use(http.post(api('/user/daily-activity'), () => unauthenticated()));
    const shown = showTab(tab, 'Tab');
    act(() => void tab.dispatch(add('expired-01', 10)));
    await vi.waitFor(() => expect(shown.waiting()).toBe('Sign in to sync'));
    expect(shown.chip()).not.toBeNull();
    expect(await openOfflineStore().entries()).toHaveLength(1);
  });

  it('sends what an earlier visit left waiting when the app starts again', async () => {
    const body = { date: today, listeningDailyMins: 12 };
    await openOfflineStore().put({ key: 'left-over-1', body, origin: 'tap', state: 'pending', seq: 1, owner: 'learner@example.com' });
    const tab = await openTab();
    const shown = showTab(tab, 'Tab');
    await vi.waitFor(() => expect(listeningOnServer()).toBe(12));
    await vi.waitFor(() => expect(shown.waiting()).toBeNull());
  });

  it("never sends another learner's waiting adds", async () => {
    const body = { date: today, listeningDailyMins: 12 };
    await openOfflineStore().put({ key: 'someone-else', body, origin: 'tap', state: 'pending', seq: 1, owner: 'other@example.com' });
    const tab = await openTab();
    const shown = showTab(tab, 'Tab');
    act(() => void tab.dispatch(add('mine-0001', 5)));
    await vi.waitFor(() => expect(listeningOnServer()).toBe(5));
    // The other learner's add is neither counted here nor sent: it waits for them.
    await vi.waitFor(() => expect(shown.waiting()).toBeNull());
    expect(listeningOnServer()).toBe(5);
    expect(await openOfflineStore().entries()).toHaveLength(1);
  });

  it('counts each add once when two tabs flush together', async () => {
    goOffline();
    const first = await openTab();
    const second = await openTab();
    const shownFirst = showTab(first, 'First tab');
    const shownSecond = showTab(second, 'Second tab');
    for (let i = 0; i < 4; i += 1) act(() => void (i % 2 ? first : second).dispatch(add(`two-tabs-${i}`, 10)));
    await vi.waitFor(async () => expect(await openOfflineStore().entries()).toHaveLength(4));
    goOnline();
    await vi.waitFor(async () => expect(await openOfflineStore().entries()).toHaveLength(0));
    await vi.waitFor(() => expect([shownFirst.waiting(), shownSecond.waiting()]).toEqual([null, null]));
    expect(listeningOnServer()).toBe(40);
  });

  it('answers the add a tab waits on as synced when another tab sent it first', async () => {
    const locks = fakeWebLocks();
    try {
      const tab = await openTab();
      const shown = showTab(tab, 'Tab');
      const other = locks.anotherTabFlushing();
      const answered = tab.dispatch(addTime(add('sent-elsewhere', 10).payload));
      await vi.waitFor(async () => expect(await openOfflineStore().entries()).toHaveLength(1));
      // ...and that tab's flush, served first, sends this tab's add with its key.
      const body = JSON.stringify({ date: today, listeningDailyMins: 10 });
      const headers = { 'content-type': 'application/json', 'Idempotency-Key': 'sent-elsewhere' };
      expect((await fetch(api('/user/daily-activity'), { method: 'POST', headers, body })).ok).toBe(true);
      await openOfflineStore().remove('sent-elsewhere');
      other.release();
      await expect(answered).resolves.toEqual({ kind: 'synced' });
      expect(shown.waiting()).toBeNull();
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
      const shown = showTab(tab, 'Tab');
      const other = locks.anotherTabFlushing();
      const answered = tab.dispatch(addTime(add('refused-elsewhere', 30).payload));
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
      // Shown in the modal, so not listed again here; its minutes are off the day.
      expect(shown.refused()).toBeNull();
      expect(shown.waiting()).toBeNull();
      expect(shown.listening()).toBe(950);
    } finally {
      locks.restore();
    }
  });

  it("a tab that never saw another tab's add waiting shows it once that tab sent it, without focus", async () => {
    const first = await openTab();
    const second = await openTab();
    await first.dispatch(apiSlice.endpoints.getDailyMinutes.initiate(today));
    const shownFirst = showTab(first, 'First tab');
    const sentBySecond = second.dispatch(addTime(add('sent-at-once', 10).payload));
    // Sent by the second tab at once, and gone from the device's outbox before the first tab looked.
    await expect(sentBySecond).resolves.toEqual({ kind: 'synced' });
    expect(listeningOnServer()).toBe(10);
    // No focus, no online event: the second tab's word alone refreshes the first tab's day.
    await vi.waitFor(() => expect(shownFirst.listening()).toBe(10));
    expect(shownFirst.waiting()).toBeNull();
  });

  it("a refused add discarded in one tab leaves the other tabs' outboxes", async () => {
    tooMuchToday();
    const first = await openTab();
    const second = await openTab();
    const shownFirst = showTab(first, 'First tab');
    const shownSecond = showTab(second, 'Second tab');
    act(() => void first.dispatch(add('discard-me-1', 30)));
    await vi.waitFor(() => expect(shownFirst.refused()).toContain('was not added'));
    // The other tab hears of it (the channel, or its next look at the device's outbox).
    act(() => void window.dispatchEvent(new Event('focus')));
    await vi.waitFor(() => expect(shownSecond.refused()).toContain('was not added'));
    shownFirst.discard();
    await vi.waitFor(() => expect(shownFirst.refused()).toBeNull());
    act(() => void window.dispatchEvent(new Event('focus')));
    await vi.waitFor(() => expect(shownSecond.refused()).toBeNull());
    expect(await openOfflineStore().entries()).toEqual([]);
  });
});
