/**
 * The day limits (contract, first edition), judged once for both sides: one skill holds at most
 * DAILY_SKILL_LIMIT_MINS minutes a day, the four together at most DAILY_TOTAL_LIMIT_MINS. The
 * server judges an add, an edit and an import by `brokenDayLimit` (server/src/domain/dayLimits.ts);
 * the app offers only what fits (`roomLeft`: the add dialog's hints, a timer's stop cut to the room
 * left, src/lib/timerSpan.ts). test/lib/dayLimitsAgree.test.ts checks that the two agree.
 */
import type { DailyMinutes } from './api-types';
import { DAILY_SKILL_LIMIT_MINS, DAILY_TOTAL_LIMIT_MINS, SKILLS, skillDailyField, type Skill } from './domain';

export type DayLimit = Skill | 'total';
export type DayMinutes = Record<Skill, number>;

/** The limits in whole hours, for the words of an answer ("at most 16 hours"): derived, never written out. */
export const DAY_LIMIT_HOURS = { skill: DAILY_SKILL_LIMIT_MINS / 60, total: DAILY_TOTAL_LIMIT_MINS / 60 } as const;

const totalOf = (minutes: DayMinutes) => SKILLS.reduce((sum, skill) => sum + minutes[skill], 0);

/** The limit a day's minutes break: the first skill over its limit, else 'total'; null within both. */
export function brokenDayLimit(minutes: DayMinutes): DayLimit | null {
  const skill = SKILLS.find((s) => minutes[s] > DAILY_SKILL_LIMIT_MINS);
  if (skill) return skill;
  return totalOf(minutes) > DAILY_TOTAL_LIMIT_MINS ? 'total' : null;
}

/** The minutes of `day` with `minutes` more of `skill`. */
export const withAdded = (day: DayMinutes, skill: Skill, minutes: number): DayMinutes => ({ ...day, [skill]: day[skill] + minutes });

/** A day's minutes as the API answers them (unknown: nothing stored yet). */
export const dayMinutesOf = (day: DailyMinutes | undefined): DayMinutes =>
  Object.fromEntries(SKILLS.map((skill) => [skill, day?.[skillDailyField(skill)] ?? 0])) as DayMinutes;

/**
 * What a day holding `minutes` may still take of `skill` (never below 0): within the skill's own
 * limit (`skill`), within the day's (`day`), and within both (`fits`): `brokenDayLimit` accepts
 * `withAdded(minutes, skill, fits)` and refuses one minute more.
 */
export function roomLeft(minutes: DayMinutes, skill: Skill): { skill: number; day: number; fits: number } {
  const forSkill = Math.max(0, DAILY_SKILL_LIMIT_MINS - minutes[skill]);
  const forDay = Math.max(0, DAILY_TOTAL_LIMIT_MINS - totalOf(minutes));
  return { skill: forSkill, day: forDay, fits: Math.min(forSkill, forDay) };
}
