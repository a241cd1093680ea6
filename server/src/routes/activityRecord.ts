/** Turns stored day rows into the API's daily-minutes and activity-record shapes. */
import { SKILLS, skillDailyField, type Skill } from '@common/domain';
import type { ActivityRecord, DailyMinutes, SkillMinutes } from '@common/api-types';
import type { DayRow } from '../db/activity';
import { goalOn } from './shared';

export const totalOf = (day: Pick<DayRow, Skill>) => SKILLS.reduce((sum, skill) => sum + day[skill], 0);

function skillMinutes(day: Pick<DayRow, Skill> | null): SkillMinutes {
  return Object.fromEntries(SKILLS.map((skill) => [skillDailyField(skill), day ? day[skill] : 0])) as SkillMinutes;
}

export function toDailyMinutes(day: DayRow | null): DailyMinutes {
  return { totalDailyMins: day ? totalOf(day) : 0, ...skillMinutes(day) };
}

/** achieved: the learner's own answer when they gave one, else whether the day met the goal in force then. */
export function toRecord(day: DayRow, goals: { from: string; minutes: number }[]): ActivityRecord {
  const achieved = day.achieved_override === null ? totalOf(day) >= goalOn(goals, day.date) : day.achieved_override === 1;
  return { date: day.date, achieved, ...skillMinutes(day) };
}
