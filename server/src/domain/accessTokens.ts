/**
 * Personal access tokens (contract, fourth edition): minted with the account's password (checked
 * as a sign-in), listed without their secrets, revoked at once. The secret and its SHA-256 are
 * made by the caller (plugins/accessTokens.ts, which also reads them on each call).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MAX_TOKENS_PER_LEARNER, TOKEN_NAME_MAX_LENGTH, type AccessToken, type CreatedToken, type TokenScope } from '@common/schemas/tokens';
import { createAccessToken, deleteAccessToken, listAccessTokens, type AccessTokenRow } from '../db/accessTokens';
import type { Database } from '../db/database';
import { checkPassword, type Attempt, type Passwords, type SignInLimits } from './accounts';
import { ApiHttpError } from './errors';

const DAY_MS = 24 * 60 * 60 * 1000;

const toAccessToken = (row: AccessTokenRow): AccessToken => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  createdAt: new Date(Number(row.created_at)).toISOString(),
  lastUsedAt: row.last_used_at === null ? null : new Date(Number(row.last_used_at)).toISOString(),
  expiresAt: row.expires_at === null ? null : new Date(Number(row.expires_at)).toISOString(),
});

/** What a mint asks for: the name (trimmed here), the scope, the lifetime in days (null: never expires) and the account's password. */
export interface MintRequest {
  name: string;
  scope: TokenScope;
  expiresInDays: number | null;
  password: string;
}

/**
 * A new token for the signed-in account: the name's rules, the password checked under the sign-in
 * limits (a wrong one counts as a failed sign-in), at most MAX_TOKENS_PER_LEARNER. Answers the
 * token with its secret, which is never shown again.
 */
export async function mintToken(
  db: Kysely<Database>,
  limits: SignInLimits,
  passwords: Passwords,
  who: Attempt & { userId: number },
  request: MintRequest,
  secret: { secret: string; hash: string },
): Promise<CreatedToken> {
  const name = request.name.trim();
  if (name === '') throw new ApiHttpError(400, 'INVALID_INPUT', 'Give the token a name, so you know later which tool uses it.');
  // Characters as the schema counts them (code points), after trimming.
  if ([...name].length > TOKEN_NAME_MAX_LENGTH) {
    throw new ApiHttpError(400, 'INVALID_INPUT', `The token's name can be at most ${TOKEN_NAME_MAX_LENGTH} characters.`);
  }
  // Counted as a sign-in of the account, under the sign-in's own counters: guessing here draws on the same budget.
  await checkPassword(db, limits, passwords, who, request.password, 'Incorrect password, try again');
  const createdAt = who.nowMs;
  const days = request.expiresInDays;
  const row = { id: randomUUID(), name, scope: request.scope, created_at: createdAt, expires_at: days === null ? null : createdAt + days * DAY_MS };
  const stored = await createAccessToken(db, { ...row, user_id: who.userId, token_hash: secret.hash }, MAX_TOKENS_PER_LEARNER);
  if (!stored) {
    throw new ApiHttpError(409, 'TOO_MANY_TOKENS', `You already have ${MAX_TOKENS_PER_LEARNER} access tokens: revoke one you no longer use first.`);
  }
  return { ...toAccessToken({ ...row, last_used_at: null }), token: secret.secret };
}

/** The learner's tokens, oldest first, never the secrets. */
export const tokensOf = async (db: Kysely<Database>, userId: number): Promise<AccessToken[]> => (await listAccessTokens(db, userId)).map(toAccessToken);

/** Revokes a token of the learner's (none with this id: nothing happens). */
export const revokeToken = (db: Kysely<Database>, userId: number, id: string): Promise<void> => deleteAccessToken(db, userId, id);
