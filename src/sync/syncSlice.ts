import type { PayloadAction } from '@reduxjs/toolkit';
import { createSelector, createSlice, isAnyOf } from '@reduxjs/toolkit';
import { apiSlice } from '@/api/apiSlice';
import type { KeyedAdd, TimerCall } from '@/sync/outboxRequests';

export type OutboxState = 'pending' | 'sending' | 'synced' | 'failed';

/** What every waiting write carries; the IndexedDB copy (outboxStore.ts) is its durable mirror. */
interface Queued {
  key: string;
  state: OutboxState;
  /** Creation order: the outbox sends oldest first. */
  seq: number;
  /** Who was signed in when it was made: it is only ever sent for that learner. */
  owner: string | null;
}

/** A timer's start or stop waiting in the outbox (never 'failed': a refused call leaves it). */
export interface TimerCallEntry extends Queued {
  call: TimerCall;
  body?: undefined;
  origin?: undefined;
}

/** One add in the outbox. */
export interface OutboxEntry extends KeyedAdd, Queued {
  call?: undefined;
  /** The server's refusal, shown beside a failed add. */
  message?: string;
  /** The refusal as the server answered it (status and body), for the tab whose add-time modal waits on it. */
  refusal?: { status: number; data: unknown };
}

/** Anything the outbox sends later: an add, or a timer's start or stop. */
export type QueuedWrite = OutboxEntry | TimerCallEntry;

export const isAdd = (entry: QueuedWrite): entry is OutboxEntry => entry.call === undefined;
export const isTimerCall = (entry: QueuedWrite): entry is TimerCallEntry => entry.call !== undefined;

interface SyncState {
  entries: Record<string, QueuedWrite>;
  /** The browser says it has a network (`navigator.onLine`, kept current by the outbox). */
  online: boolean;
  /** A send met an ended session: the queue waits for the learner to sign in again. */
  signInNeeded: boolean;
  /** The browser refused IndexedDB: adds are kept in memory only, lost if the tab closes. */
  volatile: boolean;
}

const initialState: SyncState = {
  entries: {},
  online: typeof navigator === 'undefined' ? true : navigator.onLine !== false,
  signInNeeded: false,
  volatile: false,
};

export const syncSlice = createSlice({
  name: 'sync',
  initialState,
  reducers: {
    /** Entries read back from IndexedDB (another tab or an earlier visit may have changed them). */
    entriesLoaded(state, action: PayloadAction<QueuedWrite[]>) {
      for (const entry of action.payload) state.entries[entry.key] = entry;
    },
    entryQueued(state, action: PayloadAction<QueuedWrite>) {
      state.entries[action.payload.key] = action.payload;
    },
    sendStarted(state, action: PayloadAction<string>) {
      const entry = state.entries[action.payload];
      if (entry) entry.state = 'sending';
    },
    /** No answer, a 5xx or a key still in flight: sent again later with the same key. */
    sendDeferred(state, action: PayloadAction<string>) {
      const entry = state.entries[action.payload];
      if (entry) entry.state = 'pending';
    },
    sendSucceeded(state, action: PayloadAction<string>) {
      const entry = state.entries[action.payload];
      if (entry) entry.state = 'synced';
      state.signInNeeded = false;
    },
    sendRefused(state, action: PayloadAction<{ key: string; message: string }>) {
      const entry = state.entries[action.payload.key];
      if (!entry || !isAdd(entry)) return;
      entry.state = 'failed';
      entry.message = action.payload.message;
    },
    entryRemoved(state, action: PayloadAction<string>) {
      delete state.entries[action.payload];
    },
    signInRequired(state, action: PayloadAction<boolean>) {
      state.signInNeeded = action.payload;
    },
    connectivityChanged(state, action: PayloadAction<boolean>) {
      state.online = action.payload;
    },
    storageVolatile(state) {
      state.volatile = true;
    },
  },
  extraReducers: (builder) => {
    // Another learner may sign in next: this one's adds stay stored (sent when they are back), not shown.
    builder.addMatcher(
      isAnyOf(apiSlice.endpoints.logout.matchFulfilled, apiSlice.endpoints.login.matchPending, apiSlice.endpoints.register.matchPending),
      (state) => {
        state.entries = {};
        state.signInNeeded = false;
      },
    );
  },
  selectors: {
    selectOnline: (state) => state.online,
    selectSignInNeeded: (state) => state.signInNeeded,
    selectQueued: (state) => state.entries,
    selectStorageVolatile: (state) => state.volatile,
  },
});

export const {
  entriesLoaded,
  entryQueued,
  sendStarted,
  sendDeferred,
  sendSucceeded,
  sendRefused,
  entryRemoved,
  signInRequired,
  connectivityChanged,
  storageVolatile,
} = syncSlice.actions;
export const { selectOnline, selectSignInNeeded, selectQueued, selectStorageVolatile } = syncSlice.selectors;

const byCreation = (a: Queued, b: Queued) => a.seq - b.seq;
const waiting = (e: Queued) => e.state === 'pending' || e.state === 'sending';

/** The adds in the outbox, by key. */
export const selectEntries = createSelector([selectQueued], (entries) =>
  Object.fromEntries(Object.entries(entries).filter(([, e]) => isAdd(e))) as Record<string, OutboxEntry>,
);

/** Adds not yet on the server (pending or being sent), oldest first. */
export const selectWaiting = createSelector([selectEntries], (entries) => Object.values(entries).filter(waiting).sort(byCreation));

/** Adds the server refused, oldest first. */
export const selectRefused = createSelector([selectEntries], (entries) =>
  Object.values(entries)
    .filter((e) => e.state === 'failed')
    .sort(byCreation),
);

/** The timer's calls not yet answered by the server, oldest first. */
export const selectTimerCalls = createSelector([selectQueued], (entries) =>
  Object.values(entries)
    .filter(isTimerCall)
    .filter(waiting)
    .sort(byCreation)
    .map((e) => e.call),
);
