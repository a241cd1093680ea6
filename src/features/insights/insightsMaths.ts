/** What the Insights view derives from /api/user/stats answers: ranges, comparisons, daily figures, shares. */
import { addDaysIso, addMonthsIso, daysInRange, monthStartIso, weekStartIso } from '@common/buckets';
import { SKILLS, type Skill } from '@common/domain';
import type { StatsBucketRow, StatsQuery } from '@common/schemas/stats';
import { formatHm } from '@/lib/time';
import { getI18n, type I18n } from '@/i18n/i18n';

export const BARS = 12;
export const DAILY_WINDOW = 90;
export const SHORT_WINDOW = 30;

/** The bar chart's drawing box; the labels under it use the same side margins. */
export const CHART = { width: 600, height: 240, left: 48, right: 8, top: 12, bottom: 16 } as const;

export type StatsField = 'listeningMins' | 'readingMins' | 'speakingMins' | 'writingMins';
export const SKILL_FIELD: Record<Skill, StatsField> = {
  listening: 'listeningMins',
  reading: 'readingMins',
  speaking: 'speakingMins',
  writing: 'writingMins',
};

/** The three reads of the view: 12 weeks, 12 months (both ending today) and the last 90 days. */
export function insightsRanges(today: string): Record<'weeks' | 'months' | 'days', StatsQuery> {
  return {
    weeks: { from: addDaysIso(weekStartIso(today), -7 * (BARS - 1)), to: today, bucket: 'week' },
    months: { from: addMonthsIso(monthStartIso(today), -(BARS - 1)), to: today, bucket: 'month' },
    days: { from: addDaysIso(today, 1 - DAILY_WINDOW), to: today, bucket: 'day' },
  };
}

/** 'up 1h 5m', 'down 20m', 'no change': the direction in words, so colour is never needed. */
export function changeText(now: number, before: number, i18n: I18n = getI18n()): string {
  if (now === before) return i18n.t('insights.change.none');
  const duration = formatHm(Math.abs(now - before));
  return now > before ? i18n.t('insights.change.up', { duration }) : i18n.t('insights.change.down', { duration });
}

export interface ComparisonRow {
  label: string;
  now: number;
  before: number;
}

/** Total first, then each skill, of two buckets. */
export function comparisonRows(now: StatsBucketRow, before: StatsBucketRow, names: Record<Skill, string>, i18n: I18n = getI18n()): ComparisonRow[] {
  return [
    { label: i18n.t('insights.comparison.total'), now: now.totalMins, before: before.totalMins },
    ...SKILLS.map((skill) => ({ label: names[skill], now: now[SKILL_FIELD[skill]], before: before[SKILL_FIELD[skill]] })),
  ];
}

export interface DailyFigures {
  /** Rounded minutes per day with any minutes, or null when there was none. */
  averagePerActiveDay: number | null;
  goal30: { achieved: number; days: number };
  goal90: { achieved: number; days: number };
  bestDay: { date: string; minutes: number } | null;
}

/**
 * From the day buckets of the last 90 days (oldest first), counted from the learner's first logged
 * day when it is known: days before they started are no days missed (issue #44).
 */
export function dailyFigures(window: readonly StatsBucketRow[], firstActivityDate?: string | null): DailyFigures {
  const recent = window.slice(-SHORT_WINDOW).filter((d) => !firstActivityDate || d.start >= firstActivityDate);
  const days = firstActivityDate ? window.filter((d) => d.start >= firstActivityDate) : window;
  const sum = (rows: readonly StatsBucketRow[], field: 'totalMins' | 'activeDays' | 'achievedDays') => rows.reduce((s, r) => s + r[field], 0);
  const active = sum(days, 'activeDays');
  // The earliest of equal best days: the first time the learner did that much.
  const best = days.reduce<StatsBucketRow | null>((top, d) => (d.totalMins > (top?.totalMins ?? 0) ? d : top), null);
  return {
    averagePerActiveDay: active ? Math.round(sum(days, 'totalMins') / active) : null,
    goal30: { achieved: sum(recent, 'achievedDays'), days: recent.length },
    goal90: { achieved: sum(days, 'achievedDays'), days: days.length },
    bestDay: best ? { date: best.start, minutes: best.totalMins } : null,
  };
}

/** Whole percentages of each skill in `minutes`; all 0 when nothing was logged. */
export function skillShares(minutes: Record<Skill, number>): Record<Skill, number> {
  const total = SKILLS.reduce((s, skill) => s + minutes[skill], 0);
  return Object.fromEntries(SKILLS.map((skill) => [skill, total ? Math.round((100 * minutes[skill]) / total) : 0])) as Record<Skill, number>;
}

export function skillMinutes(rows: readonly StatsBucketRow[]): Record<Skill, number> {
  return Object.fromEntries(SKILLS.map((skill) => [skill, rows.reduce((s, r) => s + r[SKILL_FIELD[skill]], 0)])) as Record<Skill, number>;
}

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

/**
 * A bar's short label under the chart ('2 Nov', 'Nov'), its full name ('Week of 2 November 2026')
 * and the table's row name on a phone ('2 Nov', 'Nov 2026': twelve months span two years), in the
 * learner's locale. The buckets are calendar days, so they are written in UTC.
 */
export function bucketLabels(start: string, bucket: 'week' | 'month', i18n: I18n = getI18n()): { short: string; full: string; compact: string } {
  const date = (options: Intl.DateTimeFormatOptions) => i18n.formatDate(utc(start), { ...options, timeZone: 'UTC' });
  if (bucket === 'month') {
    return { short: date({ month: 'short' }), full: date({ month: 'long', year: 'numeric' }), compact: date({ month: 'short', year: 'numeric' }) };
  }
  const short = date({ day: 'numeric', month: 'short' });
  return { short, full: i18n.t('insights.trend.weekOf', { date: date({ day: 'numeric', month: 'long', year: 'numeric' }) }), compact: short };
}

/**
 * Beside a comparison of this week (or month) with the whole previous one: a period still under
 * way is compared as it stands so far. Null once its last day has passed.
 */
export function periodNotOverText(start: string, bucket: 'week' | 'month', today: string, i18n: I18n = getI18n()): string | null {
  const last = addDaysIso(bucket === 'week' ? addDaysIso(start, 7) : addMonthsIso(start, 1), -1);
  if (today > last) return null;
  if (today === last) return i18n.t('insights.comparison.lastDay', { period: bucket });
  return i18n.t('insights.comparison.notOver', { period: bucket, days: daysInRange(today, last) });
}
