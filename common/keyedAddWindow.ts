/**
 * The days a keyed add (one made offline and sent later, with an Idempotency-Key) may name, written
 * once for both sides: the learner's today and the KEYED_ADD_DAYS_BACK days before it. The app cuts
 * a timer's minutes to these days (src/lib/timerSpan.ts); the server, which does not know the
 * learner's zone, applies the same rule to the earliest date that is today anywhere
 * (server/src/domain/adds.ts), so it accepts every day the app sends.
 */
import { addDaysIso } from './buckets';
import { KEYED_ADD_DAYS_BACK } from './domain';

/** The oldest day a keyed add may name when today is `today`. */
export const oldestKeyedAddDay = (today: string): string => addDaysIso(today, -KEYED_ADD_DAYS_BACK);
