import { t } from '@/i18n/i18n';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { PayloadAction } from '@reduxjs/toolkit';
import { createListenerMiddleware, createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { Skill } from '@common/domain';
import type { RunningTimer, StartTimer } from '@common/schemas/timer';
import { apiSlice } from '@/api/apiSlice';
import { ERRORS, messageFor } from '@/lib/errorMessages';
import { SKILL_NAMES } from '@/lib/skills';
import { timerCallAnswered } from '@/sync';

/**
 * A start not yet answered by the server, with the language it runs in (sent as ?language=,
 * contract, fourth edition). The timer's unsent starts and stops wait in the outbox (src/sync),
 * kept on the device with the adds, so a reload or a closed tab neither loses an offline start nor
 * brings back a timer the learner stopped; this slice holds what the bar says about them.
 */
export type UnsentStart = StartTimer & { language?: string | null };

/** A question the learner answers before a stop: switch skills, or a timer over 3 hours. */
export type TimerQuestion = { kind: 'switch'; to: Skill } | { kind: 'long'; then: Skill | null };

interface TimerState {
  question: TimerQuestion | null;
  /** The outcome of the last start or stop, shown in the bar and announced. */
  note: string | null;
  /** Why the last start or stop did not reach the server (spec 8's words); it is sent again later. */
  failure: string | null;
}

const nothingSaid = (): TimerState => ({ question: null, note: null, failure: null });

export const timerSlice = createSlice({
  name: 'timer',
  initialState: nothingSaid,
  reducers: {
    startTapped(state) {
      state.note = null;
    },
    startSent(state, action: PayloadAction<{ note?: string }>) {
      if (action.payload.note) state.note = action.payload.note;
      state.failure = null;
    },
    timerStopped(state, action: PayloadAction<{ note: string }>) {
      state.note = action.payload.note;
      state.question = null;
    },
    stopSent(state) {
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
    // Another learner may sign in or up next: nothing this bar said is theirs (issue #39). The
    // calls themselves wait in the outbox for the learner who made them.
    builder.addMatcher(isAnyOf(apiSlice.endpoints.login.matchPending, apiSlice.endpoints.register.matchPending), nothingSaid);
  },
  selectors: {
    selectQuestion: (state) => state.question,
    selectNote: (state) => state.note,
    selectFailure: (state) => state.failure,
  },
});

export const { startTapped, startSent, timerStopped, stopSent, callFailed, questionAsked, noteShown } = timerSlice.actions;
export const { selectQuestion, selectNote, selectFailure } = timerSlice.selectors;

const errorBody = (error: unknown) => ((error as FetchBaseQueryError | undefined)?.data ?? {}) as { error?: string; timer?: RunningTimer };

/** No answer at all (the device is offline, nothing was tried): said as a network failure. */
const failureOf = (error: unknown, fallback: 'START_TIMER_ERROR' | 'STOP_TIMER_ERROR') =>
  error === undefined ? ERRORS.NETWORK_ERROR : messageFor(error, fallback);

/**
 * The timer's listener middleware (app/store.ts): each answer the outbox got for a timer call
 * (src/sync sends them) becomes what the bar says. A late retry of a start another device (or
 * this one) already stopped says nothing; a start refused because another timer runs says so.
 */
export const timerListener = createListenerMiddleware();
timerListener.startListening({
  actionCreator: timerCallAnswered,
  effect: ({ payload: { call, verdict, error } }, { dispatch }) => {
    const kept = verdict === 'retry' || verdict === 'unauthorized';
    if (call.type === 'stop') {
      dispatch(kept ? callFailed(failureOf(error, 'STOP_TIMER_ERROR')) : stopSent());
      return;
    }
    if (kept) {
      dispatch(callFailed(failureOf(error, 'START_TIMER_ERROR')));
      return;
    }
    const body = errorBody(error);
    if (verdict === 'synced' || body.error === 'TIMER_STOPPED') {
      dispatch(startSent({}));
      return;
    }
    if (body.error === 'TIMER_RUNNING' && body.timer) {
      dispatch(startSent({ note: t('timer.note.runningElsewhere', { skill: SKILL_NAMES[body.timer.skill] }) }));
      return;
    }
    dispatch(startSent({}));
    dispatch(callFailed(messageFor(error, 'START_TIMER_ERROR')));
  },
});
