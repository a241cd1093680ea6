import type { PayloadAction } from '@reduxjs/toolkit';
import { createListenerMiddleware, createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { Skill } from '@common/domain';
import { apiSlice } from '@/app/apiSlice';
import type { StartTimer } from '@common/schemas/timer';

/**
 * What this device knows before the server does: a start tapped without network (sent when it
 * returns, with the tap's instant) and stops whose DELETE has not been answered yet. Both are kept
 * in local storage, so a reload or a closed tab neither loses an offline start nor brings back a
 * timer the learner stopped.
 */
export interface Unsent {
  start: StartTimer | null;
  stops: string[];
}

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
const NOTHING_UNSENT: Unsent = { start: null, stops: [] };

function storedUnsent(): Unsent {
  try {
    const value = JSON.parse(window.localStorage.getItem(UNSENT_KEY) ?? 'null') as Partial<Unsent> | null;
    return { start: value?.start ?? null, stops: Array.isArray(value?.stops) ? value.stops : [] };
  } catch {
    return NOTHING_UNSENT;
  }
}

export const timerSlice = createSlice({
  name: 'timer',
  initialState: (): TimerState => ({ unsent: storedUnsent(), question: null, note: null, failure: null }),
  reducers: {
    startTapped(state, action: PayloadAction<StartTimer>) {
      state.unsent.start = action.payload;
      state.note = null;
    },
    startSent(state, action: PayloadAction<{ id: string; note?: string }>) {
      if (state.unsent.start?.id === action.payload.id) state.unsent.start = null;
      if (action.payload.note) state.note = action.payload.note;
      state.failure = null;
    },
    timerStopped(state, action: PayloadAction<{ id: string; note: string }>) {
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
    // Local storage is cleared before each sign-in (spec 2): the next learner inherits nothing.
    builder.addMatcher(apiSlice.endpoints.login.matchPending, () => ({ unsent: NOTHING_UNSENT, question: null, note: null, failure: null }));
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
  matcher: isAnyOf(startTapped, startSent, timerStopped, stopSent),
  effect: (_action, api) => {
    try {
      window.localStorage.setItem(UNSENT_KEY, JSON.stringify(selectUnsent(api.getState() as { timer: TimerState })));
    } catch {
      // Storage full or disabled: the start and stops are still sent during this visit.
    }
  },
});
