import { createAction } from '@reduxjs/toolkit';
import type { AddDailyActivity } from '@common/api-types';
import type { StartTimer } from '@common/schemas/timer';
import type { Verdict } from './outcomes';

/**
 * One add the learner asked for, carrying the `Idempotency-Key` that makes every retry of it
 * harmless (API contract, third edition). Whoever asks for an add (the add-time modal, a
 * stopped timer) dispatches `addRequested`; the sync feature's outbox owns sending it, so
 * features never import each other and every add reaches the server exactly once.
 */
export interface KeyedAdd {
  /** A UUID for a tap, `<timer id>:<date>` for a timer's share of one day. */
  key: string;
  body: AddDailyActivity;
  origin: 'tap' | 'timer';
  /**
   * The language it was logged in, sent as `?language=` (contract, fourth edition) so it lands
   * there whatever another device made current meanwhile. A timer's adds name the timer's
   * language; left out, the outbox takes the language the app shows when the add is queued.
   */
  language?: string | null;
}

export const addRequested = createAction<KeyedAdd>('sync/addRequested');

/**
 * A call of the running timer (contract, third and fourth editions) that the outbox sends in turn
 * with the adds: a start with the instant of the tap and the language it runs in, or a stop. Each
 * is harmless to repeat: a start names its timer's `id` (the same `id` again starts nothing new),
 * and stopping a timer twice is a 204.
 */
export type TimerCall = ({ type: 'start' } & StartTimer & { language?: string | null }) | { type: 'stop'; id: string };

/** The outbox's key of a timer call: one waiting start and one waiting stop per timer. */
export const timerCallKey = (call: Pick<TimerCall, 'type' | 'id'>) => `timer-${call.type}:${call.id}`;

export const timerCallRequested = createAction<TimerCall>('sync/timerCallRequested');

/**
 * Each answer to a timer call (or none, offline), for the timer's bar to say: sent, refused (a
 * timer running or stopped elsewhere), or kept for later. A refused or sent call leaves the outbox.
 */
export const timerCallAnswered = createAction<{ call: TimerCall; verdict: Verdict; error?: unknown }>('sync/timerCallAnswered');
