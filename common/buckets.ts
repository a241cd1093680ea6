/**
 * Calendar arithmetic on ISO dates (`YYYY-MM-DD`) for the insights buckets, shared by the API and
 * the SPA so both cut weeks (Sunday first, like the calendar) and months the same way. Dates are
 * handled as UTC midnights: a calendar day never shifts with the machine's time zone.
 */
import type { StatsBucket } from './schemas/stats';

const DAY_MS = 24 * 60 * 60 * 1000;

const toUtc = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDaysIso = (iso: string, days: number): string => fromUtc(toUtc(iso) + days * DAY_MS);

/** Days from `from` to `to`, both counted: 1 when they are the same day. */
export const daysInRange = (from: string, to: string): number => Math.round((toUtc(to) - toUtc(from)) / DAY_MS) + 1;

/** The Sunday on or before the date. */
export const weekStartIso = (iso: string): string => addDaysIso(iso, -new Date(toUtc(iso)).getUTCDay());

export const monthStartIso = (iso: string): string => `${iso.slice(0, 7)}-01`;

export function addMonthsIso(monthStart: string, months: number): string {
  const index = Number(monthStart.slice(0, 4)) * 12 + Number(monthStart.slice(5, 7)) - 1 + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The first day of the bucket holding `iso`. */
export function bucketStartIso(iso: string, bucket: StatsBucket): string {
  if (bucket === 'week') return weekStartIso(iso);
  if (bucket === 'month') return monthStartIso(iso);
  return iso;
}

/** How many buckets the range touches, computed without listing them (the API's size check). */
export function bucketCount(from: string, to: string, bucket: StatsBucket): number {
  if (from > to) return 0;
  if (bucket === 'day') return daysInRange(from, to);
  if (bucket === 'week') return (daysInRange(weekStartIso(from), weekStartIso(to)) - 1) / 7 + 1;
  const monthIndex = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7));
  return monthIndex(to) - monthIndex(from) + 1;
}

/** The start of every bucket the range touches, oldest first (the first may lie before `from`). */
export function bucketStarts(from: string, to: string, bucket: StatsBucket): string[] {
  const starts: string[] = [];
  if (bucket === 'month') {
    for (let start = monthStartIso(from); start <= to; start = addMonthsIso(start, 1)) starts.push(start);
    return starts;
  }
  // Days and weeks step in UTC milliseconds (a UTC day is always 24 hours): 3,700 days of the widest
  // read without parsing a date string for each (issue #30).
  const step = bucket === 'week' ? 7 * DAY_MS : DAY_MS;
  for (let ms = toUtc(bucketStartIso(from, bucket)), last = toUtc(to); ms <= last; ms += step) starts.push(fromUtc(ms));
  return starts;
}
