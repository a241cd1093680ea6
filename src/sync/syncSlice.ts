import type { PayloadAction } from '@reduxjs/toolkit';
import { createSelector, createSlice, isAnyOf } from '@reduxjs/toolkit';
import { apiSlice } from '@/api/apiSlice';
import type { KeyedAdd } from '@/sync/outboxRequests';

export type OutboxState = 'pending' | 'sending' | 'synced' | 'failed';

/** One add in the outbox; the IndexedDB copy (outboxStore.ts) is its durable mirror. */
export interface OutboxEntry extends KeyedAdd {
  state: OutboxState;
  /** Creation order: the outbox sends oldest first. */
  seq: number;
  /** Who was signed in when it was made: it is only ever sent for that learner. */
  owner: string | null;
  /** The server's refusal, shown beside a failed add. */
  message?: string;
  /** The refusal as the server answered it (status and body), for the tab whose add-time modal waits on it. */
  refusal?: { status: number; data: unknown };
}

interface SyncState {
  entries: Record<string, OutboxEntry>;
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
    entriesLoaded(state, action: PayloadAction<OutboxEntry[]>) {
      for (const entry of action.payload) state.entries[entry.key] = entry;
    },
    entryQueued(state, action: PayloadAction<OutboxEntry>) {
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
      if (!entry) return;
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
    selectEntries: (state) => state.entries,
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
export const { selectOnline, selectSignInNeeded, selectEntries, selectStorageVolatile } = syncSlice.selectors;

const byCreation = (a: OutboxEntry, b: OutboxEntry) => a.seq - b.seq;

/** Adds not yet on the server (pending or being sent), oldest first. */
export const selectWaiting = createSelector([selectEntries], (entries) =>
  Object.values(entries)
    .filter((e) => e.state === 'pending' || e.state === 'sending')
    .sort(byCreation),
);

/** Adds the server refused, oldest first. */
export const selectRefused = createSelector([selectEntries], (entries) =>
  Object.values(entries)
    .filter((e) => e.state === 'failed')
    .sort(byCreation),
);
