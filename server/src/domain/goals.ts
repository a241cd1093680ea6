/** The goal in force on a day, from a language's goal history (db/goals.ts). */
import { DEFAULT_DAILY_GOAL_MINUTES } from '@common/domain';
import { goalsInForce, newestGoal, type GoalEntry } from '../db/goals';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

/** The latest change made on or before `date`, else the first goal ever set. */
export function goalOn(goals: readonly GoalEntry[], date: string): number {
  // A binary search over the history (in date order): an import checks each of ~9,800 days
  // against a history of as many entries (issue #44).
  let low = 0;
  let high = goals.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (goals[middle].from > date) high = middle;
    else low = middle + 1;
  }
  return goals[Math.max(0, low - 1)]?.minutes ?? DEFAULT_DAILY_GOAL_MINUTES;
}

/** The newest goal of a language (a learner ahead of UTC may already have set one from "tomorrow"); the default without a language or a goal. */
export async function newestGoalMinutes(db: Kysely<Database>, userId: number, language: string | null): Promise<number> {
  const newest = language ? await newestGoal(db, userId, language) : undefined;
  return newest ?? DEFAULT_DAILY_GOAL_MINUTES;
}

/** The goal in force on `date` in a language; the default without a language. */
export async function goalInForceOn(db: Kysely<Database>, userId: number, language: string | null, date: string): Promise<number> {
  if (!language) return DEFAULT_DAILY_GOAL_MINUTES;
  return goalOn(await goalsInForce(db, userId, language, date, date), date);
}

/** Sets the goal from `date` on (that day's entry and any later one replaced). */
export { setGoalFrom } from '../db/goals';
