/**
 * Calendar rules of spec 2 (Calendar panel), pure and DOM-free. Dates are ISO `YYYY-MM-DD`
 * strings in the learner's own time zone, so comparing them as strings compares the days.
 */
import type { ActivityRecord } from '@common/api-types';
import type { RestDays } from '@common/schemas/restDays';
import { isRestDay } from '@common/streakRule';
import { getI18n } from '@/i18n/i18n';

export interface CalendarDay {
  /** ISO date of the day. */
  date: string;
  /** Day of the month, 1..31. */
  day: number;
}

/** One week row of the grid, Sunday first; days of the neighbouring months are null. */
export type CalendarWeek = (CalendarDay | null)[];

export type TileEmoji = 'happy' | 'neutral' | 'sad' | 'rest';

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

/** 'YYYY-MM', the key of a month's cache entries, from a month or from any ISO date in it. */
export const monthKey = ({ year, month }: YearMonth) => `${year}-${pad(month)}`;
export const monthOf = (iso: string) => iso.slice(0, 7);

/** The first and last ISO date of a month given as 'YYYY-MM'. */
export function monthRange(key: string): { from: string; to: string } {
  const { year, month } = yearMonthOf(key);
  return { from: isoDate(year, month, 1), to: isoDate(year, month, daysInMonth(year, month)) };
}

/** What the calendar needs beside a month's records: the first recorded day and the rest days. */
export interface CalendarContext {
  today: string;
  firstActivityDate: string | null;
  restDays: RestDays;
}

/**
 * What a day tile shows and whether it opens the edit modal:
 * - future days: no emoji, not clickable;
 * - past days before the first record (every past day when there is none): greyed;
 * - achieved days: happy;
 * - a rest day not achieved (contract, "Forgiving streaks"): the rest mark, today included;
 * - today otherwise neutral, other past days sad.
 */
export function tileState(date: string, records: readonly ActivityRecord[], { today, firstActivityDate, restDays }: CalendarContext): TileState {
  if (date > today) return { emoji: null, clickable: false, greyed: false };
  const isToday = date === today;
  if (!isToday && (firstActivityDate === null || date < firstActivityDate)) return { emoji: null, clickable: false, greyed: true };
  const achieved = records.some((r) => r.date === date && r.achieved);
  if (achieved) return { emoji: 'happy', clickable: true, greyed: false };
  if (isRestDay(date, restDays)) return { emoji: 'rest', clickable: true, greyed: false };
  return { emoji: isToday ? 'neutral' : 'sad', clickable: true, greyed: false };
}

/** A calendar day as an instant at its UTC midnight, formatted in UTC, so no zone moves it to another day. */
const utcDay = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));
const dayFormat = (options: Intl.DateTimeFormatOptions) => getI18n().dateFormat({ ...options, timeZone: 'UTC' });
const utcFromIso = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return utcDay(y, m, d);
};

/** The week's days from Sunday, in the locale in force: the full name and its one-letter form. */
export function weekdayNames(): { long: string; narrow: string }[] {
  const long = dayFormat({ weekday: 'long' });
  const narrow = dayFormat({ weekday: 'narrow' });
  // 4 January 1970 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => utcDay(1970, 1, 4 + i)).map((d) => ({ long: long.format(d), narrow: narrow.format(d) }));
}

/** The panel's title, e.g. 'November 2026' (the locale's formatters cache themselves). */
export const formatMonthTitle = ({ year, month }: YearMonth) => dayFormat({ month: 'long', year: 'numeric' }).format(utcDay(year, month, 1));

/**
 * English writes the day before the month ('Tuesday 3 November 2026') on every runtime, whatever its
 * English locale data orders or puts commas between; other locales take their own Intl order.
 */
function dateText(iso: string, options: Intl.DateTimeFormatOptions, englishOrder: Intl.DateTimeFormatPartTypes[]): string {
  const format = dayFormat(options);
  if (!getI18n().locale.startsWith('en')) return format.format(utcFromIso(iso));
  const parts = format.formatToParts(utcFromIso(iso));
  return englishOrder.map((type) => parts.find((p) => p.type === type)?.value ?? '').join(' ');
}

/** '3 November 2026': a tile's date as a screen reader announces it. */
export const formatDayName = (iso: string) => dateText(iso, { day: 'numeric', month: 'long', year: 'numeric' }, ['day', 'month', 'year']);

/** 'Tuesday 3 November 2026', the edit modal's title, in the locale in force. */
export const formatLongDate = (iso: string) =>
  dateText(iso, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, ['weekday', 'day', 'month', 'year']);
