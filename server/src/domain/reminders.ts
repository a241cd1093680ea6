/**
 * The daily reminder's rules (contract, fourth edition): the settings and their bounds, which
 * learner day a firing belongs to, whether that day still needs a nudge, and what it says.
 */
import type { Kysely } from 'kysely';
import { learnerDate } from '@common/learnerDay';
import { isRestDay } from '@common/streakRule';
import { findDay } from '../db/activity';
import type { Database } from '../db/database';
import { goalsInForce } from '../db/goals';
import { storedUiLocale } from '../db/preferences';
import type { DueReminder, ReminderRow, ReminderSettings } from '../db/reminders';
import { readRestDays } from '../db/restDays';
import { ApiHttpError } from './errors';
import { isAchieved, totalOf } from './activityRecord';
import { goalOn } from './goals';
import { learnerToday } from './learnerDay';
import { isReminderTime, isTimeZone, localDate, nextFiringAfter } from './reminderTime';
import { languageNameIn, sendingLocale, serverText } from './serverTexts';

export const DEFAULT_REMINDER: ReminderSettings = { enabled: false, time: '20:00', timeZone: 'UTC', skipWhenGoalMet: true };

/** Past this, a firing is dropped: a server that was down sends no reminder at 3 am. */
export const REMINDER_LATEST_MS = 10 * 60_000;

export const toSettings = (row: ReminderRow | undefined): ReminderSettings =>
  row
    ? { enabled: Number(row.enabled) === 1, time: row.time, timeZone: row.time_zone, skipWhenGoalMet: Number(row.skip_when_goal_met) === 1 }
    : { ...DEFAULT_REMINDER };

export function assertReminderSettings(settings: ReminderSettings): void {
  if (!isReminderTime(settings.time)) throw new ApiHttpError(400, 'INVALID_INPUT', 'time must be a local time from 00:00 to 23:59, written HH:MM.');
  if (!isTimeZone(settings.timeZone)) throw new ApiHttpError(400, 'INVALID_INPUT', `timeZone must be an IANA time zone name such as Europe/Berlin, not "${settings.timeZone}".`);
}

/**
 * The next firing of saved settings at `nowMs`: today's, while it is due and not yet
 * REMINDER_LATEST_MS late (a reminder set for 20:00 at 20:04 still fires today), else the next.
 */
export function nextDueAt(settings: ReminderSettings, nowMs: number): number | null {
  if (!settings.enabled) return null;
  return nextFiringAfter(nowMs - REMINDER_LATEST_MS, settings.time, settings.timeZone);
}

/**
 * The learner day a firing belongs to: the learner's today at the reminder's wall time on the
 * firing's local date, by their day boundary. Read from the time set, not the instant, so a time
 * the clocks skip (02:30 firing at 03:00) still belongs to the day its 02:30 would.
 */
export const dayOfFiring = (reminder: Pick<DueReminder, 'time' | 'timeZone' | 'dayEndsAtHour'>, firingMs: number): string =>
  learnerDate({ date: localDate(firingMs, reminder.timeZone), hour: Number(reminder.time.slice(0, 2)) }, reminder.dayEndsAtHour);

/** The learner's today now, in the reminder's zone and by their day boundary (a test reminder's words). */
export const reminderToday = (timeZone: string, dayEndsAtHour: number, nowMs: number): string => learnerToday(new Date(nowMs), timeZone, dayEndsAtHour);

export type Nudge = { title: string; body: string; url: string };

/**
 * What the reminder says on `day`, or null when it stays silent: a rest day, or (with
 * skipWhenGoalMet) a day achieved in the current language by the app's rule: the learner's own
 * mark when they gave one, else minutes reaching that day's goal.
 */
export async function nudgeFor(db: Kysely<Database>, reminder: Pick<DueReminder, 'userId' | 'language' | 'skipWhenGoalMet'>, day: string): Promise<Nudge | null> {
  const url = '/dashboard';
  if (isRestDay(day, await readRestDays(db, reminder.userId))) return null;
  // No Accept-Language at send time: the account's stored locale, else English.
  const locale = sendingLocale(await storedUiLocale(db, reminder.userId));
  const title = serverText(locale, 'server.reminder.title');
  if (!reminder.language) return { title, body: serverText(locale, 'server.reminder.noLanguage'), url };
  const key = { userId: reminder.userId, language: reminder.language };
  const [record, goals] = await Promise.all([findDay(db, { ...key, date: day }), goalsInForce(db, key.userId, key.language, day, day)]);
  const goal = goalOn(goals, day);
  const minutes = record ? totalOf(record) : 0;
  // The app's achieved rule: a day the learner marked not achieved is not met, whatever its minutes.
  const met = isAchieved(record, goal);
  if (met && reminder.skipWhenGoalMet) return null;
  const language = languageNameIn(locale, reminder.language);
  const body = met
    ? serverText(locale, 'server.reminder.goalMet', { language })
    : serverText(locale, 'server.reminder.minutesLeft', { language, minutes: Math.max(1, goal - minutes) });
  return { title, body, url };
}

/** The answer of a test reminder: the same words as today's, and never silent. */
export async function testNudge(db: Kysely<Database>, reminder: Pick<DueReminder, 'userId' | 'language'>, day: string): Promise<Nudge> {
  const nudge = await nudgeFor(db, { ...reminder, skipWhenGoalMet: false }, day);
  if (nudge) return nudge;
  const locale = sendingLocale(await storedUiLocale(db, reminder.userId));
  return { title: serverText(locale, 'server.reminder.title'), body: serverText(locale, 'server.reminder.restDay'), url: '/dashboard' };
}

/** The learner's reminder settings and the devices it reaches, read and saved. */
export { deleteSubscription, listSubscriptions, readReminder, saveReminder, saveSubscription } from '../db/reminders';
