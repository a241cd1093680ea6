/** The goal in force on a day, from a language's goal history (db/goals.ts). */
import { DEFAULT_DAILY_GOAL_MINUTES } from '@common/domain';
import type { GoalEntry } from '../db/goals';

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
