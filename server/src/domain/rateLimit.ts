/** Fixed-window limits on attempts (counters in db/rateLimits.ts): over the limit is 429 with Retry-After. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { countAttempt } from '../db/rateLimits';
import { ApiHttpError } from './errors';

export async function limitAttempts(db: Kysely<Database>, key: string, limit: number, windowMs: number, nowMs: number): Promise<void> {
  const { count, windowStart } = await countAttempt(db, key, windowMs, nowMs);
  if (count > limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - nowMs) / 1000));
    throw new ApiHttpError(429, 'RATE_LIMITED', `Too many attempts. Please wait ${retryAfter} seconds and try again.`, {
      'retry-after': String(retryAfter),
    });
  }
}
