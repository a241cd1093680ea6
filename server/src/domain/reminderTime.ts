/**
 * When a daily reminder fires: a local wall time "HH:MM" in an IANA zone, at the first minute at
 * or after it on each local date (a time inside a spring-forward gap fires when the clocks jump;
 * a time repeated by a fall-back fires at its first occurrence). Computed with Intl only, so a
 * DST change or a zone's new rules need nothing but Node's time zone data.
 */
import { addDaysIso } from '@common/buckets';
import { REMINDER_TIME_PATTERN } from '@common/schemas/reminders';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const TIME = new RegExp(REMINDER_TIME_PATTERN);

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** An IANA zone name Intl knows (case as given; "UTC" included). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    formatterOf(name);
    return true;
  } catch {
    return false;
  }
}

export const isReminderTime = (time: string): boolean => TIME.test(time);

/** The wall clock at `ms` in the zone, as if it were UTC: epoch ms of that local date and minute. */
function wallAt(ms: number, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
}

/** The local calendar date at `ms` in the zone, YYYY-MM-DD. */
export const localDate = (ms: number, timeZone: string): string => new Date(wallAt(ms, timeZone)).toISOString().slice(0, 10);

/** The first instant (whole minute) on `date` in the zone whose wall clock reads `time` or later. */
export function firingOn(date: string, time: string, timeZone: string): number {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const offsetBefore = wallAt(wall - DAY_MS, timeZone) - Math.floor((wall - DAY_MS) / MINUTE_MS) * MINUTE_MS;
  const offsetAfter = wallAt(wall + DAY_MS, timeZone) - Math.floor((wall + DAY_MS) / MINUTE_MS) * MINUTE_MS;
  const candidates = [wall - offsetBefore, wall - offsetAfter].filter((t) => wallAt(t, timeZone) === wall);
  if (candidates.length > 0) return Math.min(...candidates);
  // In a gap (the clocks jumped over `time`): the jump itself, found to the minute.
  let low = Math.min(wall - offsetBefore, wall - offsetAfter);
  let high = Math.max(wall - offsetBefore, wall - offsetAfter);
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (wallAt(middle, timeZone) >= wall) high = middle;
    else low = middle;
  }
  return high;
}

/** The reminder's first firing strictly after `afterMs`. */
export function nextFiringAfter(afterMs: number, time: string, timeZone: string): number {
  let date = addDaysIso(localDate(afterMs, timeZone), -1);
  for (;;) {
    const firing = firingOn(date, time, timeZone);
    if (firing > afterMs) return firing;
    date = addDaysIso(date, 1);
  }
}
