import { createAction } from '@reduxjs/toolkit';
import type { AddDailyActivity } from '@common/api-types';

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
