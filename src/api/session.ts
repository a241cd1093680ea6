import type { Middleware, PayloadAction } from '@reduxjs/toolkit';
import { createSlice, isRejectedWithValue } from '@reduxjs/toolkit';
import { ACTIVE_TAB_COOKIE } from '@common/cookies';
import type { Skill } from '@common/domain';
import { apiSlice } from '@/api/apiSlice';

/** An add-time entry whose request met an ended session: offered again after signing in. */
export interface KeptEntry {
  skill: Skill;
  hours: string;
  minutes: string;
}

interface SessionState {
  /** The session ended under the learner (401 on a signed-in call): /login says so. */
  ended: boolean;
  /** Who was signed in, so a kept entry is offered to the same learner only. */
  email: string | null;
  keptEntry: KeptEntry | null;
  /** The server did not answer this page's session check: the screens show the last figures kept on the device. */
  outage: boolean;
}

const initialState: SessionState = { ended: false, email: null, keptEntry: null, outage: false };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionEnded(state, action: PayloadAction<string | null>) {
      state.ended = true;
      state.email = action.payload;
    },
    entryKept(state, action: PayloadAction<KeptEntry>) {
      state.keptEntry = action.payload;
    },
    signedInAgain(state, action: PayloadAction<string>) {
      if (action.payload !== state.email) state.keptEntry = null;
      state.ended = false;
    },
    keptEntryRestored(state) {
      state.keptEntry = null;
    },
    outageMet(state, action: PayloadAction<boolean>) {
      state.outage = action.payload;
    },
  },
  extraReducers: (builder) => {
    // Signed in again, by any way (sign-in, sign-up): a later 401 ends this new session too.
    builder.addMatcher(apiSlice.endpoints.checkAuth.matchFulfilled, (state) => {
      state.ended = false;
      state.outage = false;
    });
  },
  selectors: {
    selectSessionEnded: (state) => state.ended,
    selectKeptEntry: (state) => state.keptEntry,
    selectOutage: (state) => state.outage,
  },
});

export const { sessionEnded, entryKept, signedInAgain, keptEntryRestored, outageMet } = sessionSlice.actions;
export const { selectSessionEnded, selectKeptEntry, selectOutage } = sessionSlice.selectors;

/** What a learner leaves in local storage that the next one must not inherit (issue #39, item 2). */
const LEARNER_SETTINGS = ['dayEndsAtHour', 'activeTab'];

/**
 * Device state belongs to one learner. Sign-up clears local storage as sign-in does (spec 2:
 * "cleared before each login attempt"); sign-out forgets the learner's day boundary and phone tab
 * at once. Adds waiting in the outbox are not here (IndexedDB): they wait for their owner.
 */
function forgetLearnerDevice(what: 'all' | 'settings'): void {
  try {
    if (what === 'all') window.localStorage.clear();
    else for (const key of LEARNER_SETTINGS) window.localStorage.removeItem(key);
  } catch {
    // Storage refused: nothing was kept in it.
  }
  if (typeof document !== 'undefined') document.cookie = `${ACTIVE_TAB_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

/** Calls whose 401 means "not signed in" or "wrong password" rather than "the session ended". */
const AUTH_CALLS = new Set(['checkAuth', 'login', 'register', 'logout', 'changePassword', 'createAccessToken']);

interface RejectedCall {
  payload?: { status?: unknown };
  meta?: { arg?: { endpointName?: string } };
}

/**
 * A 401 on any signed-in call (signed out in another tab, session expired, account deleted
 * elsewhere) ends the local session the way logout does: the cache is reset, so the guard's
 * auth check fails and sends the learner to /login. Once, however many calls were in flight.
 */
export const endSessionOnUnauthorized: Middleware = (store) => (next) => (action) => {
  // Before the reducers see it: the slices that read the device's storage start from a clean one.
  if (apiSlice.endpoints.register.matchPending(action)) forgetLearnerDevice('all');
  const result = next(action);
  if (apiSlice.endpoints.logout.matchFulfilled(action)) forgetLearnerDevice('settings');
  if (!isRejectedWithValue(action)) return result;
  const { payload, meta } = action as RejectedCall;
  const call = meta?.arg?.endpointName;
  if (payload?.status !== 401 || !call || AUTH_CALLS.has(call)) return result;
  const state = store.getState() as { session: SessionState };
  if (state.session.ended) return result;
  // Only a session that was seen signed in can end: the dashboard's reads start together with the
  // first /auth/check (src/app/prefetch.ts), so a visitor who was never signed in meets 401s on
  // them too, and for that visitor the guard's own 401 means "sign in", not "your session ended".
  const email = apiSlice.endpoints.checkAuth.select()(store.getState()).data?.email;
  if (email === undefined) return result;
  store.dispatch(sessionEnded(email));
  store.dispatch(apiSlice.util.resetApiState());
  return result;
};
