/**
 * How a running timer becomes minutes (API contract, third edition): the span from its start to
 * its end is cut at the learner's local midnights, each day gets its whole minutes, and no day
 * gets more than the contract's per-day limits allow. Pure: no clock, no DOM, no store.
 */
import type { DailyMinutes } from '@common/api-types';
import type { Skill } from '@common/domain';
import { dayMinutesOf, roomLeft } from '@common/dayLimits';
import { ADD_MINUTES_MAX } from '@common/domain';
import { oldestKeyedAddDay } from '@common/keyedAddWindow';
import { learnerToday, nextDayStart } from './today';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A stop of a timer that ran longer asks first: keep, set the end time, or discard. */
export const ASK_BEFORE_STOP_MS = 3 * HOUR_MS;
/** A timer running longer was probably forgotten: the app says so when it opens. */
export const FORGOTTEN_MS = 8 * HOUR_MS;

export const asksBeforeStop = (elapsedMs: number) => elapsedMs > ASK_BEFORE_STOP_MS;
export const isForgotten = (elapsedMs: number) => elapsedMs > FORGOTTEN_MS;

export interface DayShare {
  date: string;
  minutes: number;
}

/**
 * The whole minutes of [start, end] per learner's day (cut at their midnight, or at the hour
 * their day ends: issue 28), oldest first, days with no whole minute left out. Each day gets the
 * minutes its boundary crosses on the running count from `start`, so the shares always sum to
 * exactly the span's whole minutes, whatever the day lengths (23 h, 25 h).
 */
export function splitByLocalDay(start: number, end: number, dayEndsAtHour = 0): DayShare[] {
  const shares: DayShare[] = [];
  for (let from = start; from < end; ) {
    const to = Math.min(end, nextDayStart(new Date(from), dayEndsAtHour).getTime());
    const minutes = Math.floor((to - start) / MINUTE_MS) - Math.floor((from - start) / MINUTE_MS);
    if (minutes > 0) shares.push({ date: learnerToday(new Date(from), dayEndsAtHour), minutes });
    from = to;
  }
  return shares;
}

export interface CappedShares {
  /** What will be added, one entry a day. */
  adds: DayShare[];
  /** Minutes of each day that did not fit under the limits (or lie too far back). */
  left: DayShare[];
}

/**
 * Cuts each day's share to the room left that day: 960 minutes for the skill and 1440 for the
 * four together, less what the day already holds when that is known (`current[date]`). A day
 * whose minutes are unknown is capped by the limits alone, so a stop never asks for more than
 * the server could ever accept.
 */
export function capToDailyLimits(
  shares: DayShare[],
  skill: Skill,
  current: Readonly<Record<string, DailyMinutes | undefined>>,
  today: string,
): CappedShares {
  const adds: DayShare[] = [];
  const left: DayShare[] = [];
  const oldest = oldestKeyedAddDay(today);
  for (const { date, minutes } of shares) {
    const day = current[date];
    const room =
      date < oldest
        ? 0
        : Math.min(ADD_MINUTES_MAX, roomLeft(dayMinutesOf(day), skill).fits);
    const fits = Math.min(minutes, room);
    if (fits > 0) adds.push({ date, minutes: fits });
    if (minutes > fits) left.push({ date, minutes: minutes - fits });
  }
  return { adds, left };
}

/** Elapsed time as `h:mm:ss` (hours not padded, never negative). */
export function formatElapsed(elapsedMs: number): string {
  const seconds = Math.max(0, Math.floor(elapsedMs / 1000));
  const mm = String(Math.floor(seconds / 60) % 60).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}:${mm}:${ss}`;
}
