import type { Middleware, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { createAction, createListenerMiddleware } from '@reduxjs/toolkit';
import { API_PATHS } from '@common/apiPaths';
import { apiSlice } from '@/app/apiSlice';
import { apiBaseUrl } from '@/lib/apiBaseUrl';
import { refusalMessage, serverErrorCode } from '@/lib/errorMessages';
import { addRequested } from '@/lib/outboxRequests';
import { retryDelayMs } from '@/lib/retryPolicy';
import type { OfflineStore } from './outboxStore';
import { openOfflineStore, storageRefused } from './outboxStore';
import type { OptimisticPatches } from './optimistic';
import { optimisticPatches } from './optimistic';
import { isWatched, settle, stored as storedDurably, verdictOf } from './sendOutcome';
import type { OutboxEntry } from './syncSlice';
import {
  entriesLoaded, entryQueued, entryRemoved, sendDeferred, sendRefused, sendStarted, sendSucceeded, signInRequired, storageVolatile, syncSlice,
} from './syncSlice';
import type { Triggers } from './triggers';
import { watchTriggers } from './triggers';

/** Slower than a read's retries: a queue may wait hours for a network, and must not drain a phone's battery. */
export const outboxRetryPolicy = { maxRetries: Number.POSITIVE_INFINITY, baseDelayMs: 2000, maxDelayMs: 60_000 };

export const outboxStarted = createAction('sync/started');
export const outboxStopped = createAction('sync/stopped');
export const flushRequested = createAction('sync/flushRequested');
export const discardRequested = createAction<string>('sync/discardRequested');

interface State {
  sync: ReturnType<typeof syncSlice.reducer>;
}
type Dispatch = ThunkDispatch<never, unknown, UnknownAction>;

const LOCK = 'lingualog-outbox';

/** A refused add as the outbox keeps it: its message for the outbox's list, its answer for the modal that may wait on it in another tab. */
export function refusedEntry(entry: OutboxEntry, error: unknown): OutboxEntry {
  const { status, data } = (error ?? {}) as { status?: unknown; data?: unknown };
  const refusal = typeof status === 'number' ? { status, data: data ?? null } : undefined;
  return { ...entry, state: 'failed', message: refusalMessage(error, 'ADD_DAILY_TIME_ERROR'), ...(refusal && { refusal }) };
}

/**
 * A second stop of one timer (another device stopped it first): the keys `<timer id>:<date>` hold
 * the first stop's minutes, and the server answers the other minutes 422 IDEMPOTENCY_KEY_REUSED.
 * Nothing is lost and nothing is to fix: the add simply leaves the outbox.
 */
const stoppedElsewhere = (entry: OutboxEntry, error: unknown) => entry.origin === 'timer' && serverErrorCode(error) === 'IDEMPOTENCY_KEY_REUSED';
const bySeq = (a: OutboxEntry, b: OutboxEntry) => a.seq - b.seq;

/**
 * The email of the session the browser holds now, asked of the server without touching the cache:
 * null when it is refused (signed out), undefined when the server gives no answer.
 */
async function sessionOwner(): Promise<string | null | undefined> {
  try {
    const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(10_000) : undefined;
    const answer = await fetch(`${apiBaseUrl()}${API_PATHS.authCheck}`, { credentials: 'include', cache: 'no-store', signal });
    if (answer.status === 401) return null;
    if (!answer.ok) return undefined;
    return ((await answer.json()) as { email?: string }).email;
  } catch {
    return undefined;
  }
}
let lastSeq = 0;
/** Creation order across tabs and reloads: time first, then a counter for taps in one millisecond. */
const nextSeq = () => (lastSeq = Math.max(Date.now(), lastSeq + 1));

/**
 * The outbox: every `addRequested` is stored (IndexedDB), shown at once (an optimistic patch),
 * and sent in creation order with its `Idempotency-Key`, by one tab at a time (Web Locks), on
 * start, on `online`, on focus, and on a timer that backs off while the server cannot be reached.
 */
export function outboxMiddleware(offline: OfflineStore = openOfflineStore()): Middleware {
  const listener = createListenerMiddleware();
  let dispatch: Dispatch = () => undefined as never;
  let getState: () => State = () => ({ sync: syncSlice.getInitialState() });
  let patches: OptimisticPatches;
  const unsaved = new Set<string>();
  let running = false;
  /** This tab sent, refused or queued something the other tabs should see. */
  let changed = false;
  let again = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let starts = 0;
  let triggers: Triggers | undefined;

  const email = () => apiSlice.endpoints.checkAuth.select()(getState() as never).data?.email;
  const local = () => getState().sync.entries;
  /** The language the dashboard shows: an add made now was logged in it. */
  const shownLanguage = () => apiSlice.endpoints.getUserLanguage.select()(getState() as never).data?.name ?? null;

  const remove = async (entry: OutboxEntry) => {
    patches.undo(entry.key, entry.body);
    dispatch(entryRemoved(entry.key));
    await offline.remove(entry.key);
  };

  /** Another tab (or an earlier visit) may have sent, refused, queued or discarded adds since this tab looked. */
  const reconcile = async (all: OutboxEntry[]) => {
    const mine = local();
    const owner = email();
    const stored = all.filter((e) => e.owner === null || e.owner === owner);
    const storedKeys = new Set(stored.map((e) => e.key));
    const fresh = stored.filter((e) => !mine[e.key] || (mine[e.key].state !== 'failed' && e.state === 'failed'));
    // Refused in another tab while this tab's add-time modal waits on it: the modal shows the
    // refusal itself, as for a refusal this tab met (send below), and the add leaves the outbox.
    const answeredHere = fresh.filter((e) => e.state === 'failed' && e.origin === 'tap' && isWatched(e.key));
    for (const e of answeredHere) {
      await remove(e);
      changed = true;
      settle(e.key, { kind: 'refused', error: e.refusal ?? { status: 400, data: null } });
    }
    const loaded = fresh.filter((e) => !answeredHere.includes(e));
    if (loaded.length > 0) dispatch(entriesLoaded(loaded));
    for (const e of loaded) if (e.state === 'failed') patches.undo(e.key, e.body);
    for (const e of loaded) if (e.state !== 'failed' && !mine[e.key]) patches.apply(e.key, e.body);
    for (const e of Object.values(mine)) {
      if (storedKeys.has(e.key) || unsaved.has(e.key)) continue;
      // A refused add discarded in another tab (or shown in its modal there) leaves this tab's list too.
      if (e.state === 'failed') dispatch(entryRemoved(e.key));
      if (e.state !== 'pending' && e.state !== 'sending') continue;
      // Gone from the store while this tab still waited on it: another tab sent it, and the
      // add-time modal that waits on its first answer here must hear so (it would show "Adding..." forever).
      patches.forget(e.key);
      dispatch(sendSucceeded(e.key));
      settle(e.key, { kind: 'synced' });
      dispatch(apiSlice.util.invalidateTags(['DailyMinutes', 'Progress', 'Activities', 'MonthlyTotal', 'CalendarSummary', 'Stats']));
    }
  };

  const schedule = () => {
    clearTimeout(timer);
    if (starts === 0) return;
    failures += 1;
    timer = setTimeout(() => void flush(), retryDelayMs(failures, outboxRetryPolicy));
  };

  /** Sends one add; false stops the drain (order is kept: nothing later overtakes a waiting add). */
  const send = async (entry: OutboxEntry): Promise<boolean> => {
    dispatch(sendStarted(entry.key));
    const result = await dispatch(apiSlice.endpoints.addDailyActivity.initiate({ ...entry.body, idempotencyKey: entry.key, language: entry.language }));
    const error = 'error' in result ? result.error : undefined;
    const verdict = verdictOf(error);
    const watched = isWatched(entry.key);
    changed ||= verdict !== 'retry';
    if (verdict === 'synced') {
      patches.forget(entry.key);
      dispatch(sendSucceeded(entry.key));
      await offline.remove(entry.key);
      settle(entry.key, { kind: 'synced' });
      return true;
    }
    if (verdict === 'retry') {
      dispatch(sendDeferred(entry.key));
      patches.reapply(`minutes:${entry.body.date}`, entry.key, entry.body);
      patches.reapply('progress', entry.key, entry.body);
      settle(entry.key, { kind: 'queued', error });
      return false;
    }
    if (verdict === 'refused' && stoppedElsewhere(entry, error)) {
      await remove(entry);
      settle(entry.key, { kind: 'refused', error });
      dispatch(apiSlice.util.invalidateTags(['DailyMinutes', 'Progress', 'Activities', 'MonthlyTotal', 'CalendarSummary', 'Stats']));
      return true;
    }
    // The add-time modal waiting on it shows the refusal itself and may keep the entry. A timer's
    // adds stay in the outbox whoever waits: their minutes exist nowhere else.
    if (watched && entry.origin === 'tap') {
      await remove(entry);
      settle(entry.key, { kind: verdict, error });
      return verdict === 'refused';
    }
    if (verdict === 'unauthorized') {
      dispatch(sendDeferred(entry.key));
      dispatch(signInRequired(true));
      return false;
    }
    const refused = refusedEntry(entry, error);
    patches.undo(entry.key, entry.body);
    dispatch(sendRefused({ key: entry.key, message: refused.message! }));
    await offline.put(refused);
    settle(entry.key, { kind: 'refused', error });
    return true;
  };

  const drain = async () => {
    const stored = (await offline.entries()).sort(bySeq);
    await reconcile(stored);
    const owner = email();
    const sendable = stored.filter((e) => e.state !== 'failed' && owner !== undefined && (e.owner === null || e.owner === owner));
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      for (const entry of sendable) settle(entry.key, { kind: 'queued' });
      return sendable.length === 0;
    }
    if (sendable.length === 0) return true;
    // The cookie may belong to someone else by now (another tab signed out and another learner
    // in): the adds go only under their owner's session, as the server sees it now.
    // Signed out, or no answer: the sends below meet it as before (a 401 ends the session here).
    const session = await sessionOwner();
    if (typeof session === 'string' && session !== owner) {
      for (const entry of sendable) settle(entry.key, { kind: 'queued' });
      dispatch(apiSlice.util.invalidateTags(['Auth']));
      return true;
    }
    for (const [index, entry] of sendable.entries()) {
      if (await send(entry)) continue;
      // The adds behind the one that waits wait too (order is kept): whoever waits on one of
      // them (an add-time modal) hears it now, not when the server is back.
      for (const later of sendable.slice(index + 1)) settle(later.key, { kind: 'queued' });
      return false;
    }
    return true;
  };

  const withLock = (work: () => Promise<boolean>): Promise<boolean> =>
    typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(LOCK, work) : work();

  async function flush() {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      let done = true;
      do {
        again = false;
        done = await withLock(drain);
      } while (again);
      if (done) {
        failures = 0;
        clearTimeout(timer);
      } else schedule();
      if (changed) triggers?.announce();
      changed = false;
    } finally {
      running = false;
    }
  }

  listener.startListening({
    actionCreator: addRequested,
    effect: async ({ payload }) => {
      const language = payload.language === undefined ? shownLanguage() : payload.language;
      const entry: OutboxEntry = { ...payload, language, state: 'pending', seq: nextSeq(), owner: email() ?? null };
      unsaved.add(entry.key);
      dispatch(entryQueued(entry));
      patches.apply(entry.key, entry.body);
      try {
        await offline.put(entry);
      } finally {
        // Whoever waits for it to be kept (a timer's stop) goes on even if the write failed: the add is still sent.
        storedDurably(entry.key);
        unsaved.delete(entry.key);
      }
      changed = true;
      failures = 0;
      await flush();
    },
  });

  listener.startListening({ actionCreator: flushRequested, effect: () => flush() });

  listener.startListening({
    actionCreator: discardRequested,
    effect: async ({ payload }) => {
      const entry = local()[payload];
      if (!entry) return;
      await remove(entry);
      // The other tabs' lists drop it too.
      triggers?.announce();
    },
  });

  // A read that comes back fresh carries none of the waiting adds: they are shown on it again.
  listener.startListening({
    predicate: (action) => apiSlice.endpoints.getDailyMinutes.matchFulfilled(action) || apiSlice.endpoints.getProgress.matchFulfilled(action),
    effect: (action) => {
      const date = apiSlice.endpoints.getDailyMinutes.matchFulfilled(action) ? action.meta.arg.originalArgs : undefined;
      const cache = date === undefined ? 'progress' : `minutes:${date}`;
      patches.dropped(cache);
      for (const e of Object.values(local())) {
        if (e.state === 'pending' && (date === undefined || e.body.date === date)) patches.reapply(cache, e.key, e.body);
      }
    },
  });

  // Signed in (again): the queue that waited for it goes out.
  listener.startListening({
    matcher: apiSlice.endpoints.checkAuth.matchFulfilled,
    effect: () => {
      dispatch(signInRequired(false));
      if (starts > 0) void flush();
    },
  });

  listener.startListening({
    matcher: apiSlice.endpoints.deleteUser.matchFulfilled,
    effect: async () => {
      const owner = email();
      for (const e of Object.values(local())) if (e.owner === owner || e.owner === null) dispatch(entryRemoved(e.key));
      if (owner) await offline.removeOwnedBy(owner);
    },
  });

  listener.startListening({
    actionCreator: outboxStarted,
    effect: async () => {
      starts += 1;
      if (starts > 1) return;
      triggers = watchTriggers(dispatch, () => {
        failures = 0;
        void flush();
      });
      await flush();
    },
  });

  listener.startListening({
    actionCreator: outboxStopped,
    effect: () => {
      starts = Math.max(0, starts - 1);
      if (starts > 0) return;
      triggers?.stop();
      triggers = undefined;
      clearTimeout(timer);
    },
  });

  return (api) => {
    dispatch = api.dispatch as Dispatch;
    getState = api.getState as () => State;
    patches = optimisticPatches(dispatch);
    void storageRefused(offline).then((refused) => {
      if (refused) dispatch(storageVolatile());
    });
    return listener.middleware(api);
  };
}
