/** Streak rules of spec 4 and the streak panel's texts, pure and DOM-free. */
import type { ActivityRecord } from '@common/api-types';
import { localIsoDate } from '@common/domain';
import { plural } from '@/lib/time';

/** The ISO date `days` calendar days before `iso` (local calendar, so DST shifts do not matter). */
export function daysBefore(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  return localIsoDate(new Date(y, m - 1, d - days));
}

/**
 * Consecutive days ending today whose `achieved` flag is true. The spec counts the streak as
 * "ending today", so a day in progress that has not reached its goal yet gives 0 even when
 * yesterday and the days before were achieved; the streak comes back once today is achieved.
 */
export function currentStreak(records: readonly ActivityRecord[], today: string): number {
  const achieved = new Set(records.filter((r) => r.achieved).map((r) => r.date));
  let streak = 0;
  while (achieved.has(daysBefore(today, streak))) streak += 1;
  return streak;
}

/** Days of `today`'s month, up to and including today, on which the goal was achieved. */
export function achievedDaysThisMonth(records: readonly ActivityRecord[], today: string): number {
  const month = today.slice(0, 7);
  return records.filter((r) => r.achieved && r.date.startsWith(month) && r.date <= today).length;
}

export const dayCount = (n: number) => plural(n, 'day');

export const streakHeadline = (streak: number) => (streak > 0 ? 'Hurray' : 'Oh No!');

export const streakText = (streak: number) => `You've done ${dayCount(streak)} in a row this week!`;
