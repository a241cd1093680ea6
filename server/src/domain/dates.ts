/** The server's idea of "today" and the rule every date a client sends follows. */
import type { DomainContext } from './context';
import { addDaysIso } from '@common/buckets';
import { FIRST_DATE, isIsoDate } from '@common/domain';
import { ApiHttpError } from './errors';

export function utcToday({ now }: Pick<DomainContext, 'now'>): string {
  return now().toISOString().slice(0, 10);
}

/**
 * The last settled day: two days before the server's UTC date, so before every learner's today
 * (and two days before `learnerToday` when that is earlier). No add without a key, goal change or
 * edit of "today" reaches it or a day before it, so the calendar's streak and the insights' weeks
 * and months are remembered up to it (an offline add that reaches it moves the history version,
 * as an edit of a past day does).
 */
export function settledDay(ctx: Pick<DomainContext, 'now'>, learnerToday?: string): string {
  const today = utcToday(ctx);
  return addDaysIso(learnerToday !== undefined && learnerToday < today ? learnerToday : today, -2);
}

/** Rejects dates that match YYYY-MM-DD but do not exist, such as 2025-02-30. */
export function checkRealDate(date: string, field = 'date'): void {
  if (!isIsoDate(date)) throw new ApiHttpError(400, 'INVALID_INPUT', `Field "${field}" must be a real calendar date written YYYY-MM-DD.`);
}

/** Rejects unreal dates, dates before FIRST_DATE (contract, second edition) and dates after every learner's today. */
export function checkDate(ctx: Pick<DomainContext, 'now'>, date: string, field = 'date'): void {
  checkRealDate(date, field);
  if (date < FIRST_DATE) throw new ApiHttpError(400, 'INVALID_INPUT', `Field "${field}" must be on or after ${FIRST_DATE}.`);
  if (date > addDaysIso(utcToday(ctx), 1)) throw new ApiHttpError(400, 'FUTURE_DATE', 'That day has not started yet anywhere; you can only log days up to today.');
}

/** The earliest date that is some learner's today: the day before the server's UTC date. */
export const earliestToday = (ctx: Pick<DomainContext, 'now'>): string => addDaysIso(utcToday(ctx), -1);

/** A date is "today" for some learner when it lies within one day of the server's UTC date. */
export function isPlausibleToday(ctx: Pick<DomainContext, 'now'>, date: string): boolean {
  return date >= earliestToday(ctx) && date <= addDaysIso(utcToday(ctx), 1);
}
