/** The rules of the account's preferences (contract, fifth edition). */
import { isLocaleTag } from '@common/locales';
import { ApiHttpError } from './errors';
import { isTimeZone } from './reminderTime';

/** Refuses a tag not among the shipped locales and a zone Intl does not know: 400 INVALID_INPUT, nothing saved. */
export function assertPreferences(change: { uiLocale?: string | null; timeZone?: string | null }): void {
  if (change.uiLocale != null && !isLocaleTag(change.uiLocale)) {
    throw new ApiHttpError(400, 'INVALID_INPUT', `"uiLocale" must be one of the tags of GET /api/locales, or null.`);
  }
  if (change.timeZone != null && !isTimeZone(change.timeZone)) {
    throw new ApiHttpError(400, 'INVALID_INPUT', `"timeZone" must be an IANA time zone such as "Europe/Berlin", or null.`);
  }
}

/** The account's preferences (App language, time zone), read and saved. */
export { readPreferences, savePreferences } from '../db/preferences';
