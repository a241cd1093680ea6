/**
 * The date rule of breaks (rest periods). A break is mostly planned ahead (next month's holiday),
 * so unlike every other date a client sends, its days may lie up to REST_PERIOD_MAX_DAYS_AHEAD
 * days after the learner's today; from 2000-01-01 like the others, at most REST_PERIOD_MAX_DAYS long.
 */
import { addDaysIso } from '@common/buckets';
import { FIRST_DATE, isIsoDate } from '@common/domain';
import { REST_PERIOD_MAX_DAYS, REST_PERIOD_MAX_DAYS_AHEAD, type RestDays } from '@common/schemas/restDays';
import { dayNumber } from '@common/streakRule';

export interface BreakProblem {
  code: 'INVALID_INPUT' | 'FUTURE_DATE';
  message: string;
}

/** The last day a break may reach: REST_PERIOD_MAX_DAYS_AHEAD after the latest "today" of any learner (the day after `utcToday`). */
export const lastBreakDay = (utcToday: string) => addDaysIso(utcToday, 1 + REST_PERIOD_MAX_DAYS_AHEAD);

/** Why break number `n` (from 1) cannot be saved, or null when it can. */
export function breakProblem(period: RestDays['periods'][number], n: number, utcToday: string): BreakProblem | null {
  for (const date of [period.from, period.to]) {
    if (!isIsoDate(date)) return { code: 'INVALID_INPUT', message: `Break ${n}: ${date} is not a real calendar date written YYYY-MM-DD.` };
    if (date < FIRST_DATE) return { code: 'INVALID_INPUT', message: `Break ${n} must start on or after ${FIRST_DATE}.` };
  }
  if (period.from > period.to) return { code: 'INVALID_INPUT', message: `Break ${n} ends (${period.to}) before it starts (${period.from}).` };
  if (period.to > lastBreakDay(utcToday)) {
    return { code: 'FUTURE_DATE', message: `Break ${n} ends more than ${REST_PERIOD_MAX_DAYS_AHEAD} days after today; plan breaks up to a year ahead.` };
  }
  if (dayNumber(period.to) - dayNumber(period.from) + 1 > REST_PERIOD_MAX_DAYS) {
    return { code: 'INVALID_INPUT', message: `Break ${n} is longer than ${REST_PERIOD_MAX_DAYS} days.` };
  }
  return null;
}

/** The learner's rest weekdays and breaks, read and saved. */
export { readRestDays, saveRestDays } from '../db/restDays';
