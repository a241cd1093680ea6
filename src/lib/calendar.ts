/**
 * Calendar rules of spec 2 (Calendar panel), pure and DOM-free. Dates are ISO `YYYY-MM-DD`
 * strings in the learner's own time zone, so comparing them as strings compares the days.
 */
import type { ActivityRecord } from '@common/api-types';

export interface CalendarDay {
  /** ISO date of the day. */
  date: string;
  /** Day of the month, 1..31. */
  day: number;
}

/** One week row of the grid, Sunday first; days of the neighbouring months are null. */
export type CalendarWeek = (CalendarDay | null)[];

export type TileEmoji = 'happy' | 'neutral' | 'sad';

export interface TileState {
  emoji: TileEmoji | null;
  clickable: boolean;
  /** Before the learner's first record: nothing to show or edit yet. */
  greyed: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** A local Date at midnight of an ISO date (never `new Date(iso)`, which would read it as UTC). */
export function dateFromIso(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
}

const daysInMonth = (year: number, month: number) => new Date(year, month, 0).getDate();

/**
 * The weeks of a month (`month` 1..12) with Sunday as the first column: leading blanks before
 * the 1st and trailing blanks after the last day, so every row has seven cells.
 */
export function monthGrid(year: number, month: number): CalendarWeek[] {
  const cells: (CalendarDay | null)[] = Array.from({ length: new Date(year, month - 1, 1).getDay() }, () => null);
  for (let day = 1; day <= daysInMonth(year, month); day += 1) cells.push({ date: isoDate(year, month, day), day });
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: CalendarWeek[] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export interface YearMonth {
  year: number;
  /** 1..12 */
  month: number;
}

export function shiftMonth({ year, month }: YearMonth, by: number): YearMonth {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export const yearMonthOf = (iso: string): YearMonth => {
  const [year, month] = iso.split('-').map(Number);
  return { year, month };
};

/** The earliest recorded day, or null when the learner has no records yet. */
export function earliestRecordDate(records: readonly ActivityRecord[]): string | null {
  return records.reduce<string | null>((min, r) => (min === null || r.date < min ? r.date : min), null);
}

/**
 * What a day tile shows and whether it opens the edit modal:
 * - future days: no emoji, not clickable;
 * - today: happy when achieved, else neutral; always clickable;
 * - past days before the earliest record (every past day when there are no records): greyed;
 * - other past days: happy when achieved, else sad.
 */
export function tileState(date: string, today: string, records: readonly ActivityRecord[]): TileState {
  if (date > today) return { emoji: null, clickable: false, greyed: false };
  const achieved = records.some((r) => r.date === date && r.achieved);
  if (date === today) return { emoji: achieved ? 'happy' : 'neutral', clickable: true, greyed: false };
  const earliest = earliestRecordDate(records);
  if (earliest === null || date < earliest) return { emoji: null, clickable: false, greyed: true };
  return { emoji: achieved ? 'happy' : 'sad', clickable: true, greyed: false };
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The panel's title, e.g. 'November 2026'. */
export const formatMonthTitle = ({ year, month }: YearMonth) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(new Date(year, month - 1, 1));

/** '3 November 2026': a tile's date as a screen reader announces it. */
export const formatDayName = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(dateFromIso(iso));

/**
 * 'Tuesday 3 November 2026', the edit modal's title. Built from parts so the text does not
 * depend on whether the runtime's locale data puts a comma after the weekday.
 */
export function formatLongDate(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
    .formatToParts(dateFromIso(iso))
    .filter((p) => p.type !== 'literal');
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}
