/**
 * The learner's date, for the answers the server puts into a signed-in page (issue #32): the
 * SPA's reads are keyed by the learner's local date, so the server asks for the same one. The
 * SPA names its time zone in the `tz` cookie (src/app/firstAnswers.ts); without a usable one the
 * server's own zone is the guess, and a wrong guess only costs the page those date-keyed answers.
 */
import { localIsoDate } from '@common/domain';

export const TIME_ZONE_COOKIE = 'tz';

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** 'YYYY-MM-DD' of `now` in `timeZone` (an IANA name), or in the server's zone when it is not one. */
export function learnerToday(now: Date, timeZone: string | undefined): string {
  if (timeZone && ZONE_NAME.test(timeZone)) {
    try {
      const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
      const part = (type: string) => parts.find((p) => p.type === type)?.value;
      return `${part('year')}-${part('month')}-${part('day')}`;
    } catch {
      // An unknown zone name: the server's own zone below.
    }
  }
  return localIsoDate(now);
}
