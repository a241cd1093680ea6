/**
 * Password-reset tokens (contract, fourth edition): 32 random bytes in base64url, of which only
 * the SHA-256 is stored; valid 30 minutes, used once. The link carries the token in its fragment,
 * which a browser never sends, so it reaches no server log and no Referer.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { createResetForEmail } from '../db/passwordResets';

export const RESET_VALID_MINUTES = 30;
export const RESET_VALID_MS = RESET_VALID_MINUTES * 60 * 1000;

/** Reset emails one account gets an hour; later requests answer alike and send nothing. */
export const RESET_EMAILS_PER_ACCOUNT_PER_HOUR = 3;
/** Reset requests one address may make an hour, then 429. */
export const RESET_REQUESTS_PER_IP_PER_HOUR = 10;
export const HOUR_MS = 60 * 60 * 1000;

export const hashResetToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The page of the SPA that takes the token: `<publicUrl>/reset-password#token=<token>`. */
export const resetLink = (publicUrl: string, token: string): string => `${publicUrl.replace(/\/+$/, '')}/reset-password#token=${token}`;

/**
 * Makes a token for the account with this email. Answers it with the account's id, or null when
 * no account has the email (the same work is done either way).
 */
export async function issueReset(db: Kysely<Database>, email: string, nowMs: number): Promise<{ token: string; userId: number } | null> {
  const token = randomBytes(32).toString('base64url');
  const userId = await createResetForEmail(db, email, hashResetToken(token), nowMs, nowMs + RESET_VALID_MS);
  return userId === undefined ? null : { token, userId };
}
