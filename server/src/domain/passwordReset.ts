/**
 * Password-reset tokens (contract, fourth edition): 32 random bytes in base64url, of which only
 * the SHA-256 is stored; valid 30 minutes, used once. The link carries the token in its fragment,
 * which a browser never sends, so it reaches no server log and no Referer. The whole flow is here,
 * for the routes and the admin command: asked for (limits, token, email), confirmed (rules, hash, use).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { consumeReset, createResetForEmail, isLiveReset } from '../db/passwordResets';
import { storedUiLocale } from '../db/preferences';
import { accountKey, countAttempt } from '../db/rateLimits';
import { checkNewPassword, type Passwords } from './accounts';
import { ApiHttpError } from './errors';
import { clientAddressKey, limitAttempts } from './rateLimit';
import { RESET_VALID_MS, resetEmail } from './resetEmail';

export { RESET_VALID_MINUTES } from './resetEmail';

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

/** How the reset's email leaves (plugins/mail.ts): sent after the answer, never awaited. */
export interface ResetMailer {
  readonly configured: boolean;
  readonly publicUrl: string;
  send(message: { to: string; subject: string; text: string; html: string }): void;
}

/**
 * A reset asked for by email: the client address's hourly limit (429 past it), the address's
 * hourly cap on emails (counted whether or not an account has it: the same work either way), a
 * token for the account, and the email in the account's stored locale, composed and handed to the
 * mailer after the caller has answered. Nothing is issued without a mailer.
 */
export async function requestReset(db: Kysely<Database>, mailer: ResetMailer, { email, ip, nowMs }: { email: string; ip: string; nowMs: number }): Promise<void> {
  await limitAttempts(db, `reset-ip:${clientAddressKey(ip)}`, RESET_REQUESTS_PER_IP_PER_HOUR, HOUR_MS, nowMs);
  const { count } = await countAttempt(db, accountKey('reset-mail', email), HOUR_MS, nowMs);
  if (count > RESET_EMAILS_PER_ACCOUNT_PER_HOUR || !mailer.configured) return;
  const issued = await issueReset(db, email, nowMs);
  if (!issued) return;
  const link = resetLink(mailer.publicUrl, issued.token);
  // Composed and handed to the mailer after the answer: the request costs the same for an unknown address.
  setImmediate(() => {
    void storedUiLocale(db, issued.userId)
      .catch(() => null)
      .then((locale) => mailer.send(resetEmail(email, link, locale)));
  });
}

const invalidToken = () => new ApiHttpError(400, 'INVALID_TOKEN', 'This reset link is unknown, already used or expired. Ask for a new one.');

/**
 * A new password with a reset token: the token looked at first (a refused password leaves it
 * usable), then sign-up's rules, the hash, and the token used up with everything a reset ends.
 */
export async function confirmReset(db: Kysely<Database>, passwords: Pick<Passwords, 'hash' | 'isCommon'>, token: string, password: string, now: () => number): Promise<void> {
  const tokenHash = hashResetToken(token);
  if (!(await isLiveReset(db, tokenHash, now()))) throw invalidToken();
  checkNewPassword(password, passwords);
  const passwordHash = await passwords.hash(password);
  if (!(await consumeReset(db, tokenHash, passwordHash, now()))) throw invalidToken();
}
