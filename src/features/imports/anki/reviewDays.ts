/**
 * From Anki's review log to the learner's days: review time summed per learner day (their IANA
 * zone and day boundary, not Anki's own 4 am rollover), optionally only some decks, rounded to
 * the nearest minute, days under half a minute left out (contract, fifth edition).
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/**
 * Reviews are grouped by the quarter hour (UTC) they fall in before they are given a day: every
 * zone's offset and every change of it since long before Anki lie on quarter hours, so a quarter
 * hour's reviews share one wall-clock offset and the zone is asked once per quarter hour, not once
 * per review (a collection holds hundreds of thousands).
 */
export const QUARTER_HOUR_MS = 900_000;

/** Review time of one deck in one quarter hour: [quarter hour since the epoch, deck id, milliseconds]. */
export type QuarterDeckTime = [quarter: number, deckId: number, ms: number];
/** Review time of one deck on one learner day: [learner day (days since 1970-01-01), deck id, milliseconds]. */
export type DayDeckTime = [day: number, deckId: number, ms: number];

export interface ImportDay {
  date: string;
  minutes: number;
}

/** The wall clock's offset from UTC in `timeZone` at `instantMs`, in milliseconds (whole seconds). */
function offsetMs(format: Intl.DateTimeFormat, instantMs: number): number {
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instantMs))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second);
  return wall - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The learner day (days since 1970-01-01) of a quarter hour: the calendar date on the wall clock in
 * `timeZone`, except that before `dayBoundaryMinutes` after midnight the previous date is still
 * the learner's day (as common/learnerDay.ts, with the boundary in minutes). Throws RangeError for
 * a zone Intl does not know.
 */
export function learnerDayOfQuarter(timeZone: string, dayBoundaryMinutes: number): (quarter: number) => number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const boundaryMs = dayBoundaryMinutes * MINUTE_MS;
  // Each deck's reviews ask again for the same quarter hours.
  const days = new Map<number, number>();
  return (quarter) => {
    let day = days.get(quarter);
    if (day === undefined) {
      const instant = quarter * QUARTER_HOUR_MS;
      day = Math.floor((instant + offsetMs(format, instant) - boundaryMs) / DAY_MS);
      days.set(quarter, day);
    }
    return day;
  };
}

/** `YYYY-MM-DD` of a day counted from 1970-01-01. */
export const isoDateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Quarter hours' review time as learner days' review time, per deck. */
export function toLearnerDays(quarters: Iterable<QuarterDeckTime>, timeZone: string, dayBoundaryMinutes: number): DayDeckTime[] {
  const dayOf = learnerDayOfQuarter(timeZone, dayBoundaryMinutes);
  const sums = new Map<string, DayDeckTime>();
  for (const [quarter, deckId, ms] of quarters) {
    const day = dayOf(quarter);
    const key = `${day}:${deckId}`;
    const row = sums.get(key);
    if (row) row[2] += ms;
    else sums.set(key, [day, deckId, ms]);
  }
  return [...sums.values()];
}

/** Milliseconds as whole minutes, to the nearest minute (half a minute rounds up). */
export const roundedMinutes = (ms: number) => Math.round(ms / MINUTE_MS);

export interface DeckTime {
  deckId: number;
  ms: number;
}

export interface ImportPreview {
  /** The days to import, oldest first; no day of 0 minutes. */
  days: ImportDay[];
  totalMinutes: number;
  firstDate: string | null;
  lastDate: string | null;
}

/**
 * The days to import from the decks `deckIds` (every deck when null): each day's time summed over
 * those decks, then rounded to the nearest minute; a day under half a minute is left out.
 */
export function importDays(rows: readonly DayDeckTime[], deckIds: ReadonlySet<number> | null): ImportPreview {
  const perDay = new Map<number, number>();
  for (const [day, deckId, ms] of rows) {
    if (deckIds && !deckIds.has(deckId)) continue;
    perDay.set(day, (perDay.get(day) ?? 0) + ms);
  }
  const days = [...perDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, ms]) => ({ date: isoDateOfDay(day), minutes: roundedMinutes(ms) }))
    .filter((day) => day.minutes > 0);
  return {
    days,
    totalMinutes: days.reduce((sum, day) => sum + day.minutes, 0),
    firstDate: days[0]?.date ?? null,
    lastDate: days.at(-1)?.date ?? null,
  };
}

/** Each deck's review time over every day, most first (the preview's top decks and its deck filter). */
export function deckTimes(rows: readonly DayDeckTime[]): DeckTime[] {
  const perDeck = new Map<number, number>();
  for (const [, deckId, ms] of rows) perDeck.set(deckId, (perDeck.get(deckId) ?? 0) + ms);
  return [...perDeck.entries()].map(([deckId, ms]) => ({ deckId, ms })).sort((a, b) => b.ms - a.ms || a.deckId - b.deckId);
}
