/**
 * Personal access tokens: minting within the per-learner bound, the learner's list, revocation,
 * and the lookup every bearer call makes. The lookup reads the database on every call (no cache
 * in the process), so a token revoked on any process is refused by every other at once.
 */
import { sql, type Kysely } from 'kysely';
import type { AccessTokensTable, Database } from './database';
import { prepared } from './prepared';

export type AccessTokenRow = Pick<AccessTokensTable, 'id' | 'name' | 'scope' | 'created_at' | 'last_used_at'>;

/** The per-minute counter of one token in rate_limits (db/rateLimits.ts). */
export const tokenCounterKey = (id: string) => `token:${id}`;

/** The token's row with its learner's email and current language: the one indexed lookup of a bearer call. */
export const findAccessToken = prepared((db, p: { tokenHash: string }) =>
  db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.user_id')
    .select(['access_tokens.id', 'access_tokens.user_id', 'access_tokens.scope', 'access_tokens.last_used_at', 'users.email', 'users.current_language'])
    .where('access_tokens.token_hash', '=', p.tokenHash),
);

/**
 * Stores a new token unless the learner already holds `limit`; answers whether it was stored.
 * The learner's row is written first, which on PostgreSQL locks it until commit, so two mints
 * at once cannot both see room for the last one (SQLite runs one write transaction at a time).
 */
export async function createAccessToken(
  db: Kysely<Database>,
  token: Omit<AccessTokensTable, 'last_used_at'>,
  limit: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ created_at: sql`created_at` }).where('id', '=', token.user_id).execute();
    const { held } = await trx
      .selectFrom('access_tokens')
      .select((eb) => eb.fn.countAll().as('held'))
      .where('user_id', '=', token.user_id)
      .executeTakeFirstOrThrow();
    if (Number(held) >= limit) return false;
    await trx.insertInto('access_tokens').values({ ...token, last_used_at: null }).execute();
    return true;
  });
}

export const listAccessTokens = (db: Kysely<Database>, userId: number): Promise<AccessTokenRow[]> =>
  db
    .selectFrom('access_tokens')
    .select(['id', 'name', 'scope', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** Deletes the learner's token `id` (another learner's id deletes nothing) and its counter. */
export async function deleteAccessToken(db: Kysely<Database>, userId: number, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('access_tokens').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (deleted.numDeletedRows > 0n) await trx.deleteFrom('rate_limits').where('key', '=', tokenCounterKey(id)).execute();
  });
}

/**
 * Writes `last_used_at` only when it is unset or at least `resolutionMs` old: the condition is in
 * the UPDATE, so processes racing on one token write it once.
 */
export async function markTokenUsed(db: Kysely<Database>, id: string, nowMs: number, resolutionMs: number): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ last_used_at: nowMs })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', nowMs - resolutionMs)]))
    .execute();
}
