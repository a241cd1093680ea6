import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { apiSlice } from '@/api/apiSlice';
import type { ChangeLog } from './changes';
import type { OptimisticPatches } from './optimistic';
import type { OutcomeWaiters } from './outcomes';
import type { OfflineStore } from './outboxStore';
import type { QueuedWrite, syncSlice } from './syncSlice';

export type Dispatch = ThunkDispatch<never, unknown, UnknownAction>;

export interface SyncState {
  sync: ReturnType<typeof syncSlice.reducer>;
}

/**
 * One store's outbox: the parts its modules (queue, sender, reconciler, flusher) are handed.
 * Made for each store by `createOutbox` (outbox.ts), so two stores in one process (two tabs in a
 * test, the server's render) never share anything. Nothing here is a field to assign: each part
 * keeps its own state behind its functions (the patches, the waiters, the change log; the queue
 * keeps what it has not yet written and the last creation order, queue.ts).
 */
export interface OutboxContext {
  dispatch: Dispatch;
  getState: () => SyncState;
  offline: OfflineStore;
  patches: OptimisticPatches;
  waiters: OutcomeWaiters;
  changes: ChangeLog;
  /** Queued in this tab, not yet written to IndexedDB: absent there, yet not sent elsewhere (queue.ts). */
  unsaved: (key: string) => boolean;
  /** Made in this page (queue.ts): a timer call another open page made is that page's to send. */
  madeHere: (entry: QueuedWrite) => boolean;
}

/** The signed-in learner's email, as the session check last answered. */
export const signedInEmail = (ctx: Pick<OutboxContext, 'getState'>) => apiSlice.endpoints.checkAuth.select()(ctx.getState() as never).data?.email;

/** The outbox's entries (adds and timer calls) as this tab shows them. */
export const shownEntries = (ctx: Pick<OutboxContext, 'getState'>): Record<string, QueuedWrite> => ctx.getState().sync.entries;

/** The language the dashboard shows: an add made now was logged in it. */
export const shownLanguage = (ctx: Pick<OutboxContext, 'getState'>) =>
  apiSlice.endpoints.getUserLanguage.select()(ctx.getState() as never).data?.name ?? null;
