/** The streak panel's texts and counts, pure and DOM-free; the streak itself comes from the server's summary. */
import type { ActivityRecord } from '@common/api-types';
import { localIsoDate } from '@common/domain';
import { plural } from '@/lib/time';

/** The ISO date `days` calendar days before `iso` (local calendar, so DST shifts do not matter). */
export function daysBefore(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  return localIsoDate(new Date(y, m - 1, d - days));
}

/** Days of `today`'s month, up to and including today, on which the goal was achieved. */
export function achievedDaysThisMonth(records: readonly ActivityRecord[], today: string): number {
  const month = today.slice(0, 7);
  return records.filter((r) => r.achieved && r.date.startsWith(month) && r.date <= today).length;
}

export const dayCount = (n: number) => plural(n, 'day');

export const streakHeadline = (streak: number) => (streak > 0 ? 'Hurray' : 'Oh No!');

export const streakText = (streak: number) => `You've done ${dayCount(streak)} in a row this week!`;

/** Added to the spec's texts (issue 15) while today is not achieved yet and yesterday ended a run. */
export const keepRunText = (runUpToYesterday: number) => `Reach today's goal to keep your ${runUpToYesterday}-day run going.`;
