/**
 * The day limits (contract, first edition): one skill holds at most DAILY_SKILL_LIMIT_MINS minutes
 * a day, the four together at most DAILY_TOTAL_LIMIT_MINS. Judged here for an add, an edit and an
 * import; db/activity.ts holds them in the add's statement against what is stored, so two adds at
 * once never pass them.
 */
import type { Skill } from '@common/domain';
import { brokenDayLimit, DAY_LIMIT_HOURS, type DayLimit } from '@common/dayLimits';
import { ApiHttpError } from './errors';

// The rule itself is common/dayLimits.ts (the app judges by it too); here, the server's answer to a broken one.
export { brokenDayLimit, withAdded, type DayLimit } from '@common/dayLimits';

/** The answer to a day past `limit`: 400 DAILY_TIME_EXCEEDED for a skill, TOTAL_DAILY_TIME_EXCEEDED for the day. */
export const dayLimitError = (limit: DayLimit): ApiHttpError =>
  limit === 'total'
    ? new ApiHttpError(400, 'TOTAL_DAILY_TIME_EXCEEDED', `You can log at most ${DAY_LIMIT_HOURS.total} hours in one day across all skills.`)
    : new ApiHttpError(400, 'DAILY_TIME_EXCEEDED', `You can log at most ${DAY_LIMIT_HOURS.skill} hours of ${limit} on one day.`);

/** Refuses a day's minutes past a limit. */
export function checkDayLimits(minutes: Record<Skill, number>): void {
  const broken = brokenDayLimit(minutes);
  if (broken) throw dayLimitError(broken);
}
