/** The running timer's rules (contract, third edition): which start instants are accepted, its answer shape, start and stop. */
import type { RunningTimer } from '@common/api-types';
import { TIMER_START_MAX_AGE_MS, TIMER_START_MAX_AHEAD_MS, type Skill } from '@common/domain';
import type { Account } from '../db/sessions';
import { findTimer, startTimer, stopTimer, wasStopped, type TimerRow } from '../db/timers';
import type { DomainContext } from './context';
import { ApiHttpError } from './errors';
import { languageForWrite } from './languages';

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

/** The learner's running timer, or null. */
export async function runningTimer({ db }: Pick<DomainContext, 'db'>, userId: number): Promise<RunningTimer | null> {
  const row = await findTimer(db, userId);
  return row ? toRunningTimer(row) : null;
}

/**
 * Starts a timer: the same `id` again answers the stored one (a retry starts nothing new); the id of
 * a stopped timer is 409 TIMER_STOPPED; else the instant's bounds, the write language, and the
 * insert. `conflict` is true when another timer runs (`timer` is that one).
 */
export async function startLearnerTimer(
  ctx: DomainContext,
  userId: number,
  account: Account | null | undefined,
  start: { id: string; skill: Skill; startedAt: string; language?: string },
): Promise<{ timer: RunningTimer; conflict: boolean }> {
  const current = await findTimer(ctx.db, userId);
  if (current?.id === start.id) return { timer: toRunningTimer(current), conflict: false };
  if (await wasStopped(ctx.db, userId, start.id)) {
    throw new ApiHttpError(409, 'TIMER_STOPPED', 'This timer was already stopped (perhaps on another device); start a new one.');
  }
  const started_at = startInstant(start.startedAt, ctx.now());
  const language = await languageForWrite(ctx, userId, account, start.language);
  const { running } = await startTimer(ctx.db, { user_id: userId, id: start.id, language, skill: start.skill, started_at });
  return { timer: toRunningTimer(running), conflict: running.id !== start.id };
}

/** Stops the learner's timer with this id (none running with it: nothing happens). */
export const stopLearnerTimer = (ctx: DomainContext, userId: number, id: string): Promise<void> => stopTimer(ctx.db, userId, id, ctx.now().getTime());
