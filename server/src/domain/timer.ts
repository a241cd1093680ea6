/** The running timer's rules (contract, third edition): which start instants are accepted, and its answer shape. */
import type { RunningTimer } from '@common/api-types';
import { TIMER_START_MAX_AGE_MS, TIMER_START_MAX_AHEAD_MS } from '@common/domain';
import type { TimerRow } from '../db/timers';
import { ApiHttpError } from './errors';

/** An ISO 8601 instant with a time zone (Z or ±hh:mm); a local time without one is ambiguous. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The tap's instant in epoch ms, when it is at most 2 minutes ahead of `now` and at most 24 hours before it. */
export function startInstant(startedAt: string, now: Date): number {
  const ms = INSTANT.test(startedAt) ? Date.parse(startedAt) : Number.NaN;
  if (Number.isNaN(ms)) {
    throw new ApiHttpError(400, 'INVALID_INPUT', 'Field "startedAt" must be an ISO 8601 instant with a time zone, such as 2026-11-25T07:30:00Z.');
  }
  if (ms > now.getTime() + TIMER_START_MAX_AHEAD_MS) {
    throw new ApiHttpError(400, 'INVALID_INPUT', 'Field "startedAt" is more than 2 minutes after the server\'s clock; check the device\'s clock.');
  }
  if (ms < now.getTime() - TIMER_START_MAX_AGE_MS) {
    throw new ApiHttpError(400, 'INVALID_INPUT', 'Field "startedAt" is more than 24 hours ago; add the time by hand instead.');
  }
  return ms;
}

export const toRunningTimer = (row: TimerRow): RunningTimer => ({
  id: row.id,
  language: row.language,
  skill: row.skill,
  startedAt: new Date(row.started_at).toISOString(),
});
