/**
 * The learner's "today" (issue 28), declared once for both sides (issue #40): the calendar date
 * on the learner's wall clock, except that while the wall clock reads an hour before
 * `dayEndsAtHour` (0 to 4, "My day ends at") the previous calendar date is still today. The hour
 * is the wall clock's, so a DST change moves the boundary with the clock.
 *
 * The browser reads the wall clock from Date's local getters (src/lib/today.ts), the server from
 * Intl in the learner's zone (server/src/domain/learnerDay.ts); both hand it to this function.
 */
export interface WallClock {
  /** The calendar date on the wall clock, `YYYY-MM-DD`. */
  date: string;
  /** The wall clock's hour, 0 to 23. */
  hour: number;
}

/** The date before `isoDate` (`YYYY-MM-DD`), across months and years. */
export function previousIsoDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

export function learnerDate(clock: WallClock, dayEndsAtHour = 0): string {
  return clock.hour >= dayEndsAtHour ? clock.date : previousIsoDate(clock.date);
}
