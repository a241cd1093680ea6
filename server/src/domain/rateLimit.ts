/** Fixed-window limits on attempts (counters in db/rateLimits.ts): over the limit is 429 with Retry-After. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { accountKey, countAttempt, refundAttempt, resetAttempts } from '../db/rateLimits';
import { ApiHttpError } from '../plugins/errors';

export async function limitAttempts(db: Kysely<Database>, key: string, limit: number, windowMs: number, nowMs: number): Promise<void> {
  const { count, windowStart } = await countAttempt(db, key, windowMs, nowMs);
  if (count > limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - nowMs) / 1000));
    throw new ApiHttpError(429, 'RATE_LIMITED', `Too many attempts. Please wait ${retryAfter} seconds and try again.`, {
      'retry-after': String(retryAfter),
    });
  }
}

/** The sign-in limits (AppOptions.rateLimit, as plugins/auth.ts keeps them). */
export interface SignInLimits {
  perIp: number;
  perAccount: number;
  windowMs: number;
  failuresPerIpShort: number;
  shortWindowMs: number;
}

/** The short per-address window of sign-in failures: a success gives its attempt back. */
export const shortSignInKey = (ip: string) => `login-ip-short:${ip}`;

/**
 * Counts a password check outside sign-in (minting an access token) as a sign-in attempt, under
 * the very counters sign-in uses (routes/auth.ts): the address's windows and the email's, so
 * guessing a password there draws on the same budget and the sign-in limits apply (429).
 */
export async function countPasswordAttempt(db: Kysely<Database>, limits: SignInLimits, ip: string, email: string, nowMs: number): Promise<void> {
  await limitAttempts(db, `login-ip:${ip}`, limits.perIp, limits.windowMs, nowMs);
  await limitAttempts(db, shortSignInKey(ip), limits.failuresPerIpShort, limits.shortWindowMs, nowMs);
  await limitAttempts(db, accountKey('login', email), limits.perAccount, limits.windowMs, nowMs);
}

/** A password that proved right: as after a sign-in, the email's counter starts again and the failure is given back. */
export async function forgivePasswordAttempt(db: Kysely<Database>, ip: string, email: string): Promise<void> {
  await resetAttempts(db, accountKey('login', email));
  await refundAttempt(db, shortSignInKey(ip));
}
