import type { PayloadAction } from '@reduxjs/toolkit';
import { createListenerMiddleware, createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { Skill } from '@common/domain';
import { apiSlice } from '@/api/apiSlice';
import type { StartTimer } from '@common/schemas/timer';

/**
 * What this device knows before the server does: a start tapped without network (sent when it
 * returns, with the tap's instant) and stops whose DELETE has not been answered yet. Both are kept
 * in local storage, so a reload or a closed tab neither loses an offline start nor brings back a
 * timer the learner stopped.
 */
export interface Unsent {
  /** With the language it runs in (sent as ?language=, contract, fourth edition). */
  start: UnsentStart | null;
  stops: string[];
  /**
   * The learner these calls were made for (issue #39): they are sent only while that learner is
   * signed in, and another learner signing in or up on the device starts with nothing unsent.
   */
  owner: string | null;
}

export type UnsentStart = StartTimer & { language?: string | null };

/** A question the learner answers before a stop: switch skills, or a timer over 3 hours. */
export type TimerQuestion = { kind: 'switch'; to: Skill } | { kind: 'long'; then: Skill | null };

interface TimerState {
  unsent: Unsent;
  question: TimerQuestion | null;
  /** The outcome of the last start or stop, shown in the bar and announced. */
  note: string | null;
  /** Why the last start or stop did not reach the server (spec 8's words); it is sent again later. */
  failure: string | null;
}

const UNSENT_KEY = 'timerUnsent';
/** A fresh value each time: the store freezes what it holds, and `stops` is pushed to. */
const nothingUnsent = (owner: string | null = null): Unsent => ({ start: null, stops: [], owner });

function storedUnsent(): Unsent {
  try {
    const value = JSON.parse(window.localStorage.getItem(UNSENT_KEY) ?? 'null') as Partial<Unsent> | null;
    return { start: value?.start ?? null, stops: Array.isArray(value?.stops) ? value.stops : [], owner: value?.owner ?? null };
  } catch {
    return nothingUnsent();
  }
}

/** Emails are compared as the server does: trimmed, case-insensitively. */
export const sameLearner = (a: string | null | undefined, b: string | null | undefined) =>
  typeof a === 'string' && typeof b === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();

const nothingFor = (owner: string | null): TimerState => ({ unsent: nothingUnsent(owner), question: null, note: null, failure: null });

export const timerSlice = createSlice({
  name: 'timer',
  initialState: (): TimerState => ({ unsent: storedUnsent(), question: null, note: null, failure: null }),
  reducers: {
    startTapped: {
      reducer(state, action: PayloadAction<UnsentStart, string, { owner: string | null }>) {
        if (!sameLearner(state.unsent.owner, action.meta.owner)) state.unsent = nothingUnsent(action.meta.owner);
        state.unsent.start = action.payload;
        state.note = null;
      },
      prepare: (start: UnsentStart, owner: string | null) => ({ payload: start, meta: { owner } }),
    },
    startSent(state, action: PayloadAction<{ id: string; note?: string }>) {
      if (state.unsent.start?.id === action.payload.id) state.unsent.start = null;
      if (action.payload.note) state.note = action.payload.note;
      state.failure = null;
    },
    timerStopped(state, action: PayloadAction<{ id: string; note: string; owner: string | null }>) {
      if (!sameLearner(state.unsent.owner, action.payload.owner)) state.unsent = nothingUnsent(action.payload.owner);
      if (state.unsent.start?.id === action.payload.id) state.unsent.start = null;
      if (!state.unsent.stops.includes(action.payload.id)) state.unsent.stops.push(action.payload.id);
      state.note = action.payload.note;
      state.question = null;
    },
    stopSent(state, action: PayloadAction<string>) {
      state.unsent.stops = state.unsent.stops.filter((id) => id !== action.payload);
      state.failure = null;
    },
    callFailed(state, action: PayloadAction<string>) {
      state.failure = action.payload;
    },
    questionAsked(state, action: PayloadAction<TimerQuestion | null>) {
      state.question = action.payload;
    },
    noteShown(state, action: PayloadAction<string | null>) {
      state.note = action.payload;
    },
  },
  extraReducers: (builder) => {
    // Local storage is cleared before each sign-in (spec 2), and sign-up does the same: another
    // learner inherits nothing of this device's timer (issue #39: an unsent start once ran in the
    // account registered next). The same learner signing in again keeps what waits for them.
    builder.addMatcher(isAnyOf(apiSlice.endpoints.login.matchPending, apiSlice.endpoints.register.matchPending), (state, action) => {
      const email = action.meta.arg.originalArgs.email;
      return sameLearner(state.unsent.owner, email) ? state : nothingFor(null);
    });
  },
  selectors: {
    selectUnsent: (state) => state.unsent,
    selectQuestion: (state) => state.question,
    selectNote: (state) => state.note,
    selectFailure: (state) => state.failure,
  },
});

export const { startTapped, startSent, timerStopped, stopSent, callFailed, questionAsked, noteShown } = timerSlice.actions;
export const { selectUnsent, selectQuestion, selectNote, selectFailure } = timerSlice.selectors;

export const persistUnsentTimer = createListenerMiddleware();
persistUnsentTimer.startListening({
  matcher: isAnyOf(
    startTapped,
    startSent,
    timerStopped,
    stopSent,
    apiSlice.endpoints.login.matchPending,
    apiSlice.endpoints.register.matchPending,
  ),
  effect: (_action, api) => {
    try {
      window.localStorage.setItem(UNSENT_KEY, JSON.stringify(selectUnsent(api.getState() as { timer: TimerState })));
    } catch {
      // Storage full or disabled: the start and stops are still sent during this visit.
    }
  },
});
