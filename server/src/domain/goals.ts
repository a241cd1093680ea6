/** The goal in force on a day, from a language's goal history (db/goals.ts). */
import { DEFAULT_DAILY_GOAL_MINUTES } from '@common/domain';
import type { GoalEntry } from '../db/goals';

/** The latest change made on or before `date`, else the first goal ever set. */
export function goalOn(goals: readonly GoalEntry[], date: string): number {
  let minutes = goals[0]?.minutes ?? DEFAULT_DAILY_GOAL_MINUTES;
  for (const entry of goals) {
    if (entry.from > date) break;
    minutes = entry.minutes;
  }
  return minutes;
}
