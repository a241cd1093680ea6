import type { Middleware, ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { createAction, createListenerMiddleware } from '@reduxjs/toolkit';
import { apiSlice } from '@/api/apiSlice';
import type { Dispatch, OutboxContext, SyncState } from './context';
import { shownEntries, signedInEmail } from './context';
import { flusher } from './flusher';
import { optimisticPatches } from './optimistic';
import type { Outcome, OutcomeWaiters } from './outcomes';
import { outcomeWaiters } from './outcomes';
import type { KeyedAdd, TimerCall } from './outboxRequests';
import { addRequested, timerCallKey, timerCallRequested } from './outboxRequests';
import type { OfflineStore } from './outboxStore';
import { openOfflineStore, storageRefused } from './outboxStore';
import { changeLog } from './changes';
import type { WriteQueue } from './queue';
import { removeEntry, writeQueue } from './queue';
import { entryRemoved, isAdd, signInRequired, storageVolatile } from './syncSlice';

export { refusedEntry } from './sender';
export { outboxRetryPolicy } from './flusher';

export const outboxStarted = createAction('sync/started');
export const outboxStopped = createAction('sync/stopped');
export const flushRequested = createAction('sync/flushRequested');
export const discardRequested = createAction<string>('sync/discardRequested');

/** What the store's thunks reach of its outbox (the thunk middleware's extra argument, app/store.ts). */
export interface SyncExtra {
  outbox: OutcomeWaiters;
}

type SyncThunk<R> = ThunkAction<R, unknown, SyncExtra, UnknownAction>;

/**
 * An add the learner asked for, queued in the outbox; the result is its first answer (or none).
 * The add-time modal awaits it: `await dispatch(addTime(add))`.
 */
export const addTime =
  (add: KeyedAdd): SyncThunk<Promise<Outcome>> =>
  (dispatch, _getState, { outbox }) => {
    const outcome = outbox.firstAttemptOf(add.key);
    dispatch(addRequested(add));
    return outcome;
  };

/**
 * An add queued without waiting on it (a timer's share of one day): `stored` once it is kept on
 * the device, `answered` at its first answer.
 */
export const addQueued =
  (add: KeyedAdd): SyncThunk<{ stored: Promise<void>; answered: Promise<Outcome> }> =>
  (dispatch, _getState, { outbox }) => {
    const stored = outbox.whenStored(add.key);
    const answered = outbox.firstAttemptOf(add.key);
    dispatch(addRequested(add));
    return { stored, answered };
  };

/**
 * A timer's start or stop, queued in the outbox with the adds and sent in turn with them (a stop
 * after the adds of its minutes); `answered` at its first answer (or none, offline). Every answer,
 * this one and later ones, is also told as `timerCallAnswered`.
 */
export const timerCallQueued =
  (call: TimerCall): SyncThunk<{ answered: Promise<Outcome> }> =>
  (dispatch, _getState, { outbox }) => {
    const answered = outbox.firstAttemptOf(timerCallKey(call));
    dispatch(timerCallRequested(call));
    return { answered };
  };

/** The modal stopped waiting on the add with `key`: a later refusal is listed with the others. */
export const addUnwatched =
  (key: string): SyncThunk<void> =>
  (_dispatch, _getState, { outbox }) =>
    outbox.unwatch(key);

/**
 * The outbox of one store, for every write the app sends later: every `addRequested` and
 * `timerCallRequested` is stored (IndexedDB, queue.ts), shown at once (an add's patch,
 * optimistic.ts; the timer's bar reads its waiting calls), and sent in creation order (an add with
 * its `Idempotency-Key`, a timer call with its timer's id: sender.ts), by one tab
 * at a time, on start, on `online`, on focus, and on a timer that backs off (flusher.ts); what
 * other tabs did meanwhile is read back first (reconciler.ts). `waiters` is the store's thunks'
 * way to its answers (SyncExtra).
 */
export function createOutbox(offline: OfflineStore = openOfflineStore()): { middleware: Middleware; waiters: OutcomeWaiters } {
  const waiters = outcomeWaiters();
  const listener = createListenerMiddleware();

  const middleware: Middleware = (api) => {
    const dispatch = api.dispatch as Dispatch;
    const parts = {
      dispatch,
      getState: api.getState as () => SyncState,
      offline,
      patches: optimisticPatches(dispatch),
      waiters,
      changes: changeLog(),
    };
    const queue = writeQueue(parts);
    const ctx: OutboxContext = { ...parts, unsaved: queue.unsaved, madeHere: queue.madeHere };
    const sending = flusher(ctx);
    listen(ctx, queue, sending);
    void storageRefused(offline).then((refused) => {
      if (refused) dispatch(storageVolatile());
    });
    return listener.middleware(api);
  };

  function listen(ctx: OutboxContext, queue: WriteQueue, sending: ReturnType<typeof flusher>) {
    const { startListening } = listener;
    startListening({
      actionCreator: addRequested,
      effect: async ({ payload }) => {
        await queue.enqueue(payload);
        await sending.flushNow();
      },
    });

    startListening({
      actionCreator: timerCallRequested,
      effect: async ({ payload }) => {
        await queue.enqueueTimerCall(payload);
        await sending.flushNow();
      },
    });

    startListening({ actionCreator: flushRequested, effect: () => sending.flush() });

    startListening({
      actionCreator: discardRequested,
      effect: async ({ payload }) => {
        const entry = shownEntries(ctx)[payload];
        if (!entry) return;
        await removeEntry(ctx, entry);
        // The other tabs' lists drop it too.
        sending.announce();
      },
    });

    // A read that comes back fresh carries none of the waiting adds: they are shown on it again.
    startListening({
      predicate: (action) => apiSlice.endpoints.getDailyMinutes.matchFulfilled(action) || apiSlice.endpoints.getProgress.matchFulfilled(action),
      effect: (action) => {
        const date = apiSlice.endpoints.getDailyMinutes.matchFulfilled(action) ? action.meta.arg.originalArgs : undefined;
        const cache = date === undefined ? 'progress' : `minutes:${date}`;
        ctx.patches.dropped(cache);
        for (const e of Object.values(shownEntries(ctx)).filter(isAdd)) {
          if (e.state === 'pending' && (date === undefined || e.body.date === date)) ctx.patches.reapply(cache, e.key, e.body);
        }
      },
    });

    // Signed in (again): the queue that waited for it goes out.
    startListening({
      matcher: apiSlice.endpoints.checkAuth.matchFulfilled,
      effect: () => {
        ctx.dispatch(signInRequired(false));
        if (sending.running()) void sending.flush();
      },
    });

    startListening({
      matcher: apiSlice.endpoints.deleteUser.matchFulfilled,
      effect: async () => {
        const owner = signedInEmail(ctx);
        for (const e of Object.values(shownEntries(ctx))) if (e.owner === owner || e.owner === null) ctx.dispatch(entryRemoved(e.key));
        if (owner) await ctx.offline.removeOwnedBy(owner);
      },
    });

    startListening({ actionCreator: outboxStarted, effect: () => sending.start() });
    startListening({ actionCreator: outboxStopped, effect: () => sending.stop() });
  }

  return { middleware, waiters };
}
