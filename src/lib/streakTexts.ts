/** The streak panel's texts and counts, pure and DOM-free; the streak itself comes from the server's summary. */
import type { ActivityRecord } from '@common/api-types';
import { localIsoDate } from '@common/domain';
import { t } from '@/i18n/i18n';
import { formatDays } from '@/lib/time';

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

export const dayCount = (n: number) => formatDays(n);

export const streakHeadline = (streak: number) => (streak > 0 ? t('dashboard.streak.hurray') : t('dashboard.streak.ohNo'));

export const streakText = (streak: number) => t('dashboard.streak.inARow', { days: streak });

/** Added to the spec's texts (issue 15) while today is not achieved yet and yesterday ended a run. */
export const keepRunText = (runUpToYesterday: number) => t('dashboard.streak.keepRun', { days: runUpToYesterday });
