/**
 * Setting a day's minutes (PATCH): `isToday` must agree with the server, `achieved` may be set for
 * a past day only, and the day limits hold as for an add.
 */
import type { ActivityRecord } from '@common/api-types';
import { SKILLS, skillDailyField, type Skill } from '@common/domain';
import type { EditDailyActivity } from '@common/schemas/activity';
import { setDay } from '../db/activity';
import { goalsInForce } from '../db/goals';
import type { Account } from '../db/sessions';
import { storedMark, toRecord } from './activityRecord';
import type { DomainContext } from './context';
import { checkDate, isPlausibleToday, utcToday } from './dates';
import { checkDayLimits } from './dayLimits';
import { ApiHttpError } from './errors';
import { languageForWrite } from './languages';

/** The day's record after the edit, in the named language (`requested`), else the current one. */
export async function editDay(ctx: DomainContext, userId: number, body: EditDailyActivity, account?: Account | null, requested?: string): Promise<ActivityRecord> {
  checkDate(ctx, body.date);
  if (body.isToday && !isPlausibleToday(ctx, body.date)) throw new ApiHttpError(400, 'INVALID_INPUT', `${body.date} is not today.`);
  if (!body.isToday && body.date > utcToday(ctx)) throw new ApiHttpError(400, 'INVALID_INPUT', `${body.date} is still today; it cannot be edited as a past day.`);
  if (body.isToday && body.achieved !== undefined) {
    throw new ApiHttpError(400, 'INVALID_INPUT', 'Whether today\'s goal is achieved follows from its minutes and cannot be set.');
  }
  const minutes = Object.fromEntries(SKILLS.map((skill) => [skill, body[skillDailyField(skill)]])) as Record<Skill, number>;
  checkDayLimits(minutes);
  const language = await languageForWrite(ctx, userId, account, requested);
  const override = body.achieved === undefined ? undefined : storedMark(body.achieved);
  const day = await setDay(ctx.db, { userId, language, date: body.date }, minutes, override);
  return toRecord(day, await goalsInForce(ctx.db, userId, language, body.date, body.date));
}
