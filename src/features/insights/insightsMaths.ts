/** What the Insights view derives from /api/user/stats answers: ranges, comparisons, daily figures, shares. */
import { addDaysIso, addMonthsIso, daysInRange, monthStartIso, weekStartIso } from '@common/buckets';
import { SKILLS, type Skill } from '@common/domain';
import type { StatsBucketRow, StatsQuery } from '@common/schemas/stats';
import { formatHm } from '@/lib/time';

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
export function changeText(now: number, before: number): string {
  if (now === before) return 'no change';
  return `${now > before ? 'up' : 'down'} ${formatHm(Math.abs(now - before))}`;
}

export interface ComparisonRow {
  label: string;
  now: number;
  before: number;
}

/** Total first, then each skill, of two buckets. */
export function comparisonRows(now: StatsBucketRow, before: StatsBucketRow, names: Record<Skill, string>): ComparisonRow[] {
  return [
    { label: 'Total', now: now.totalMins, before: before.totalMins },
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

const formatter = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

/**
 * A bar's short label under the chart ('2 Nov', 'Nov'), its full name ('Week of 2 November 2026')
 * and the table's row name on a phone ('2 Nov', 'Nov 2026': twelve months span two years).
 */
export function bucketLabels(start: string, bucket: 'week' | 'month'): { short: string; full: string; compact: string } {
  if (bucket === 'month') {
    const short = formatter({ month: 'short' }).format(utc(start));
    return { short, full: formatter({ month: 'long', year: 'numeric' }).format(utc(start)), compact: `${short} ${start.slice(0, 4)}` };
  }
  const short = formatter({ day: 'numeric', month: 'short' }).format(utc(start));
  return { short, full: `Week of ${formatter({ day: 'numeric', month: 'long', year: 'numeric' }).format(utc(start))}`, compact: short };
}

/**
 * Beside a comparison of this week (or month) with the whole previous one: a period still under
 * way is compared as it stands so far. Null once its last day has passed.
 */
export function periodNotOverText(start: string, bucket: 'week' | 'month', today: string): string | null {
  const last = addDaysIso(bucket === 'week' ? addDaysIso(start, 7) : addMonthsIso(start, 1), -1);
  if (today > last) return null;
  const name = bucket === 'week' ? 'week' : 'month';
  if (today === last) return `Today is the last day of this ${name}: it is compared so far.`;
  const left = daysInRange(today, last);
  return `This ${name} is not over yet: ${left} days to go, today included, so it is compared so far.`;
}
