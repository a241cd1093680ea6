/** Turns stored day rows into the API's daily-minutes and activity-record shapes. */
import { SKILLS, type Skill } from '@common/domain';
import type { ActivityRecord, DailyMinutes, SkillMinutes } from '@common/api-types';
import type { DayRow } from '../db/activity';
import { goalOn, type GoalEntry } from './shared';

export const totalOf = (day: Pick<DayRow, Skill>) => SKILLS.reduce((sum, skill) => sum + day[skill], 0);

/**
 * Spelled out rather than built with Object.fromEntries: this runs for every day of a learner's
 * history on each /daily-activity/all, and the generic version was a fifth of that call's CPU
 * time (docs/PERFORMANCE.md). The type still demands exactly the four skill fields.
 */
function skillMinutes(day: Pick<DayRow, Skill> | null): SkillMinutes {
  return {
    listeningDailyMins: day ? day.listening : 0,
    readingDailyMins: day ? day.reading : 0,
    speakingDailyMins: day ? day.speaking : 0,
    writingDailyMins: day ? day.writing : 0,
  };
}

export function toDailyMinutes(day: DayRow | null): DailyMinutes {
  return { totalDailyMins: day ? totalOf(day) : 0, ...skillMinutes(day) };
}

const isAchieved = (day: DayRow, goal: number) => (day.achieved_override === null ? totalOf(day) >= goal : day.achieved_override === 1);

/** achieved: the learner's own answer when they gave one, else whether the day met the goal in force then. */
export function toRecord(day: DayRow, goals: readonly GoalEntry[]): ActivityRecord {
  return { date: day.date, achieved: isAchieved(day, goalOn(goals, day.date)), ...skillMinutes(day) };
}

/**
 * toRecord for many days in one merge pass over the two date-sorted lists, so the cost is
 * days + goal changes, never days x goal changes (an account may hold one goal change a day).
 */
export function toRecords(days: readonly DayRow[], goals: readonly GoalEntry[]): ActivityRecord[] {
  let next = 0;
  let goal = goalOn(goals, '');
  return days.map((day) => {
    while (next < goals.length && goals[next].from <= day.date) goal = goals[next++].minutes;
    return { date: day.date, achieved: isAchieved(day, goal), ...skillMinutes(day) };
  });
}
