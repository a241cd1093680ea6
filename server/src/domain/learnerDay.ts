/**
 * The learner's date, for the answers the server puts into a signed-in page (issue #32): the
 * SPA's reads are keyed by the learner's local date, so the server asks for the same one. The
 * SPA names its time zone in the `tz` cookie (src/app/firstAnswers.ts), and the account keeps the
 * zone the app last sent (issue #54, PUT /api/user/preferences); without a usable one the server's
 * own zone is the guess, and a wrong guess only costs the page those date-keyed answers.
 */
import { learnerDate, type WallClock } from '@common/learnerDay';

export { TIME_ZONE_COOKIE } from '@common/cookies';

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in `timeZone` at `now`: its calendar date and hour (formatters kept per zone). */
function wallClockIn(now: Date, timeZone: string): WallClock {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
    if (formats.size < 1000) formats.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

const dateIn = (now: Date, timeZone: string) => wallClockIn(now, timeZone).date;

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
 * The learner's today at `now` in `timeZone` (an IANA name, see learnerZone): the rule of
 * common/learnerDay.ts on the wall clock there, as src/lib/today.ts applies it in the browser.
 */
export const learnerToday = (now: Date, timeZone: string, dayEndsAtHour = 0): string =>
  learnerDate(wallClockIn(now, timeZone), dayEndsAtHour);
