/** Turns stored day rows into the API's daily-minutes and activity-record shapes. */
import { isAchieved as isAchievedDay, type AchievedMark } from '@common/achieved';
import { SKILLS, type Skill } from '@common/domain';
import type { ActivityRecord, DailyMinutes, SkillMinutes } from '@common/api-types';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { daysAfter, type DayRange, type DayRow } from '../db/activity';
import type { Database } from '../db/database';
import { goalsInForce, type GoalEntry } from '../db/goals';
import { goalOn } from './goals';

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

/** The learner's mark as stored (achieved_override: 1, 0, or null for none) and back. */
export const markOf = (override: number | null): AchievedMark => (override === null ? null : Number(override) === 1);
export const storedMark = (mark: AchievedMark): number | null => (mark === null ? null : mark ? 1 : 0);

/** Whether a stored day (none stored: no minutes, no mark) is achieved against `goal`, by the one rule (common/achieved.ts). */
export const isAchieved = (day: DayRow | null | undefined, goal: number) => (day ? isAchievedDay(markOf(day.achieved_override), totalOf(day), goal) : isAchievedDay(null, 0, goal));

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

/**
 * Small enough that reading, judging and serialising one chunk holds the event loop for a few
 * milliseconds, so a learner reading years of history never stalls the others (docs/PERFORMANCE.md).
 */
export const RECORDS_PER_CHUNK = 100;

/** The records of a range, oldest first, RECORDS_PER_CHUNK at a time, yielding to other requests between chunks. */
export async function* recordChunks(db: Kysely<Database>, key: DayRange): AsyncGenerator<ActivityRecord[], void, undefined> {
  let after: string | undefined;
  for (;;) {
    const days = await daysAfter(db, key, after, RECORDS_PER_CHUNK);
    if (days.length === 0) return;
    const last = days[days.length - 1].date;
    yield toRecords(days, await goalsInForce(db, key.userId, key.language, days[0].date, last));
    if (days.length < RECORDS_PER_CHUNK) return;
    after = last;
    await nextTurn();
  }
}

/** One JSON array text from a first chunk and the chunks after it, serialised a chunk at a time. */
export async function* jsonArray(first: ActivityRecord[], rest: AsyncIterable<ActivityRecord[]>): AsyncGenerator<string> {
  yield JSON.stringify(first).slice(0, -1);
  for await (const chunk of rest) if (chunk.length > 0) yield `,${JSON.stringify(chunk).slice(1, -1)}`;
  yield ']';
}
