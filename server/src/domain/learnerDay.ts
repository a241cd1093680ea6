/**
 * The learner's date, for the answers the server puts into a signed-in page (issue #32): the
 * SPA's reads are keyed by the learner's local date, so the server asks for the same one. The
 * SPA names its time zone in the `tz` cookie (src/app/firstAnswers.ts) when it differs from the
 * zone the server went by; without a usable one the server's own zone is the guess, and a wrong
 * guess only costs the page those date-keyed answers.
 */
export const TIME_ZONE_COOKIE = 'tz';

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

const dateIn = (now: Date, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
};

/** The zone named by the cookie when it is a real IANA zone, else the server's own. */
export function learnerZone(named: string | undefined): string {
  if (named && ZONE_NAME.test(named)) {
    try {
      dateIn(new Date(0), named);
      return named;
    } catch {
      // An unknown zone name: the server's own below.
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The learner's today at `now` in `timeZone` (an IANA name, see learnerZone): the calendar date
 * there, or the day before while it is earlier than `dayEndsAtHour` ("My day ends at", issue 28),
 * as src/lib/today.ts decides it in the browser.
 */
export const learnerToday = (now: Date, timeZone: string, dayEndsAtHour = 0): string =>
  dateIn(new Date(now.getTime() - dayEndsAtHour * 60 * 60_000), timeZone);
