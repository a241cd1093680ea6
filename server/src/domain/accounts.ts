/**
 * Accounts: the email's canonical form, sign-up's password rules, the sign-in limits, and the
 * sign-up, sign-in and password-change flows the routes and cli/ share. Hashing is the caller's
 * (plugins/password.ts through the hash queue), handed in as `Passwords`.
 */
import type { Kysely } from 'kysely';
import { COMMON_PASSWORD_MESSAGE, EMAIL_MAX_LENGTH, isValidEmail, isValidPasswordLength, SIGN_UP_TEXTS } from '@common/domain';
import { isUniqueViolation } from '../db';
import type { Database } from '../db/database';
import { changePassword, passwordHashOf } from '../db/passwordResets';
import { accountKey, pruneAttempts, refundAttempt, resetAttempts } from '../db/rateLimits';
import { createUser, findUserByEmail } from '../db/users';
import { ApiHttpError } from './errors';
import { clientAddressKey, limitAttempts } from './rateLimit';

export type { Account } from '../db/sessions';

/**
 * Emails are compared trimmed, in Unicode NFC (so a letter typed precomposed or with a combining
 * accent is one account) and case-insensitively; passwords are taken exactly as typed.
 */
export const canonicalEmail = (email: string): string => email.trim().normalize('NFC').toLowerCase();

/** How the caller hashes: the request's place in the hash queue, the server's cost and its dummy hash. */
export interface Passwords {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  isCommon(password: string): boolean;
  /** A real hash of a random password: unknown emails are verified against it so they take as long. */
  dummyHash: string;
}

/** The sign-in and sign-up windows (the server's config, plugins/auth.ts). */
export interface SignInLimits {
  perIp: number;
  perAccount: number;
  windowMs: number;
  /** Failed sign-ins per address per `shortWindowMs`, beside the long window. */
  failuresPerIpShort: number;
  shortWindowMs: number;
  /** Sign-ups per address per `signupWindowMs`. */
  signupsPerIp: number;
  signupWindowMs: number;
}

/** Who asks: the account's email, the client's address and the clock. */
export interface Attempt {
  email: string;
  ip: string;
  nowMs: number;
}

/** Sign-up's password rules and wording, for every new password (sign-up, a reset, a change). */
export function checkNewPassword(password: string, passwords: Pick<Passwords, 'isCommon'>): void {
  if (!isValidPasswordLength(password)) throw new ApiHttpError(400, 'INVALID_INPUT', SIGN_UP_TEXTS.PASSWORD_LENGTH);
  if (passwords.isCommon(password)) throw new ApiHttpError(400, 'COMMON_PASSWORD', COMMON_PASSWORD_MESSAGE);
}

function checkSignUpInput(email: string, password: string, passwords: Passwords): void {
  if (!email || !password) throw new ApiHttpError(400, 'INVALID_INPUT', SIGN_UP_TEXTS.EMPTY_CREDENTIALS);
  if (email.length > EMAIL_MAX_LENGTH) throw new ApiHttpError(400, 'INVALID_INPUT', SIGN_UP_TEXTS.EMAIL_TOO_LONG);
  // Counted in code points, as the sign-up form counts it, so both sides accept exactly the same passwords.
  if (!isValidPasswordLength(password)) throw new ApiHttpError(400, 'INVALID_INPUT', SIGN_UP_TEXTS.PASSWORD_LENGTH);
  if (!isValidEmail(email)) throw new ApiHttpError(400, 'INVALID_INPUT', SIGN_UP_TEXTS.INVALID_EMAIL);
  checkNewPassword(password, passwords);
}

const shortLoginKey = (ip: string) => `login-ip-short:${clientAddressKey(ip)}`;

/**
 * Counts an attempt against every window that applies; throws 429 when one is exhausted. A
 * password change and a token mint count their check of the password as a sign-in.
 */
export async function throttle(db: Kysely<Database>, limits: SignInLimits, kind: 'login' | 'register', { email, ip, nowMs }: Attempt): Promise<void> {
  const longestWindowMs = Math.max(limits.windowMs, limits.shortWindowMs, limits.signupWindowMs);
  await pruneAttempts(db, longestWindowMs, nowMs);
  if (kind === 'register') {
    // Sign-up answers EMAIL_EXISTS by design, so each try is an enumeration probe: an hourly budget of its own.
    await limitAttempts(db, `register-ip:${clientAddressKey(ip)}`, limits.signupsPerIp, limits.signupWindowMs, nowMs);
  } else {
    await limitAttempts(db, `login-ip:${clientAddressKey(ip)}`, limits.perIp, limits.windowMs, nowMs);
    await limitAttempts(db, shortLoginKey(ip), limits.failuresPerIpShort, limits.shortWindowMs, nowMs);
  }
  await limitAttempts(db, accountKey(kind, email), limits.perAccount, limits.windowMs, nowMs);
}

/** A right password: that email's failures are forgotten and the address's short window gets this attempt back. */
export async function forgiveSignIn(db: Kysely<Database>, { email, ip }: Pick<Attempt, 'email' | 'ip'>): Promise<void> {
  await resetAttempts(db, accountKey('login', email));
  await refundAttempt(db, shortLoginKey(ip));
}

const emailExists = () => new ApiHttpError(409, 'EMAIL_EXISTS', 'Email already in use, try another or sign in');

/** A new account: sign-up's rules, its own limits, the hash; answers the new account's id. */
export async function signUp(db: Kysely<Database>, limits: SignInLimits, passwords: Passwords, attempt: Attempt, password: string): Promise<number> {
  const { email } = attempt;
  checkSignUpInput(email, password, passwords);
  await throttle(db, limits, 'register', attempt);
  if (await findUserByEmail(db, email)) throw emailExists();
  const passwordHash = await passwords.hash(password);
  return createUser(db, email, passwordHash, attempt.nowMs).catch((err: unknown) => {
    throw isUniqueViolation(err) ? emailExists() : err;
  });
}

/**
 * Checks an account's password under the sign-in limits (unknown emails take as long): the
 * account's id, else 401 INVALID_CREDENTIALS with `wrongMessage`. A right password is forgiven.
 */
export async function checkPassword(
  db: Kysely<Database>,
  limits: SignInLimits,
  passwords: Passwords,
  attempt: Attempt,
  password: string,
  wrongMessage: string,
): Promise<number> {
  await throttle(db, limits, 'login', attempt);
  const user = await findUserByEmail(db, attempt.email);
  const valid = await passwords.verify(password, user?.password_hash ?? passwords.dummyHash);
  if (!user || !valid) throw new ApiHttpError(401, 'INVALID_CREDENTIALS', wrongMessage);
  await forgiveSignIn(db, attempt);
  return Number(user.id);
}

/** Sign-in: the account's id for a right email and password. */
export async function signIn(db: Kysely<Database>, limits: SignInLimits, passwords: Passwords, attempt: Attempt, password: string): Promise<number> {
  if (!attempt.email || !password) throw new ApiHttpError(400, 'INVALID_INPUT', SIGN_UP_TEXTS.EMPTY_CREDENTIALS);
  return checkPassword(db, limits, passwords, attempt, password, 'Incorrect email and/or password, try again');
}

/**
 * A signed-in password change: the new password checked first, then the current one as a
 * sign-in; every session but `keepSessionHash` ends and every reset token is void; with
 * `endEverything`, every access token and push subscription too.
 */
export async function changeAccountPassword(
  db: Kysely<Database>,
  limits: SignInLimits,
  passwords: Passwords,
  change: Attempt & { userId: number; currentPassword: string; newPassword: string; keepSessionHash: string | null; endEverything: boolean },
): Promise<void> {
  checkNewPassword(change.newPassword, passwords);
  await throttle(db, limits, 'login', change);
  const stored = await passwordHashOf(db, change.userId);
  const valid = await passwords.verify(change.currentPassword, stored ?? passwords.dummyHash);
  if (!valid) throw new ApiHttpError(401, 'INVALID_CREDENTIALS', 'The current password is not right, try again');
  await forgiveSignIn(db, change);
  const passwordHash = await passwords.hash(change.newPassword);
  await changePassword(db, change.userId, passwordHash, change.keepSessionHash, change.endEverything);
}

/** Deletes the account and everything it holds. */
export { deleteUser as deleteAccount } from '../db/users';
