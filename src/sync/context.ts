import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { apiSlice } from '@/api/apiSlice';
import type { OptimisticPatches } from './optimistic';
import type { OutcomeWaiters } from './outcomes';
import type { OfflineStore } from './outboxStore';
import type { OutboxEntry, syncSlice } from './syncSlice';

export type Dispatch = ThunkDispatch<never, unknown, UnknownAction>;

export interface SyncState {
  sync: ReturnType<typeof syncSlice.reducer>;
}

/**
 * One store's outbox: what its modules (queue, sender, reconciler, optimistic patches) share.
 * Made for each store by `createOutbox` (outbox.ts), so two stores in one process (two tabs in a
 * test, the server's render) never share anything.
 */
export interface OutboxContext {
  dispatch: Dispatch;
  getState: () => SyncState;
  offline: OfflineStore;
  patches: OptimisticPatches;
  waiters: OutcomeWaiters;
  /** Queued in this tab, not yet written to IndexedDB: absent there, yet not sent elsewhere. */
  unsaved: Set<string>;
  /** This tab sent, refused or queued something the other tabs should see. */
  changed: boolean;
  /** The days of the adds this tab sent since it last told the other tabs (triggers.ts). */
  sentDates: Set<string>;
  /** The last creation order given (see nextSeq in queue.ts). */
  lastSeq: number;
}

/** The signed-in learner's email, as the session check last answered. */
export const signedInEmail = (ctx: OutboxContext) => apiSlice.endpoints.checkAuth.select()(ctx.getState() as never).data?.email;

/** The outbox's entries as this tab shows them. */
export const shownEntries = (ctx: OutboxContext): Record<string, OutboxEntry> => ctx.getState().sync.entries;

/** The language the dashboard shows: an add made now was logged in it. */
export const shownLanguage = (ctx: OutboxContext) =>
  apiSlice.endpoints.getUserLanguage.select()(ctx.getState() as never).data?.name ?? null;
