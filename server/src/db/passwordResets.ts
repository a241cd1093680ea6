/**
 * Password-reset tokens (migration 20261126_04) and the password writes that end sessions. Only a
 * token's SHA-256 is stored; a token is used by deleting its row, so of two confirms racing with
 * the same token exactly one gets the row back.
 */
import type { Kysely } from 'kysely';
import type { Database } from './database';
import { endEveryWayIn } from './accessTokens';
import { accountKey } from './rateLimits';

/**
 * Stores a token for the account with this email, if there is one (an insert of what a select
 * finds), and a row that can never be used either way, in one transaction: an unknown email costs
 * the same statements and commit as a known one, which writes one row more.
 * Answers the account's id, or undefined when no account has the email.
 */
export async function createResetForEmail(
  db: Kysely<Database>,
  email: string,
  tokenHash: string,
  nowMs: number,
  expiresAt: number,
): Promise<number | undefined> {
  // One transaction either way: one commit for a known address and for an unknown one.
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('password_resets')
      .columns(['token_hash', 'user_id', 'created_at', 'expires_at'])
      .expression((eb) =>
        eb
          .selectFrom('users')
          // Typed casts: PostgreSQL takes a bare parameter in a select list for text.
          .select((s) => [
            s.cast<string>(s.val(tokenHash), 'text').as('token_hash'),
            'users.id',
            s.cast<number>(s.val(nowMs), 'double precision').as('created_at'),
            s.cast<number>(s.val(expiresAt), 'double precision').as('expires_at'),
          ])
          .where('users.email', '=', email),
      )
      .returning('user_id')
      .executeTakeFirst();
    // Known or not, one row of the same size is written in the same transaction, so the request
    // costs the same statements and commit either way. It is a counter nothing reads, pruned with
    // the others (pruneAttempts), and can never be used as a reset.
    await trx.insertInto('rate_limits').values({ key: `reset-request:${tokenHash}`, window_start: nowMs, count: 1 }).execute();
    return row === undefined ? undefined : Number(row.user_id);
  });
}

/** Whether a token is stored and not yet expired (a cheap look before the slow hashing). */
export async function isLiveReset(db: Kysely<Database>, tokenHash: string, nowMs: number): Promise<boolean> {
  const row = await db.selectFrom('password_resets').select('user_id').where('token_hash', '=', tokenHash).where('expires_at', '>', nowMs).executeTakeFirst();
  return row !== undefined;
}

/**
 * Uses a token: in one transaction, takes its row (an expired one is taken too, and refused),
 * sets the new password, voids the account's other tokens, ends all its sessions, revokes all its
 * access tokens, deletes all its push subscriptions (contract, fifth edition) and forgets its email's failed sign-ins (a learner who guessed before asking can sign in at once). Answers
 * false, changing nothing else, when the token is unknown, used or expired.
 */
export async function consumeReset(db: Kysely<Database>, tokenHash: string, passwordHash: string, nowMs: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('password_resets').where('token_hash', '=', tokenHash).returning(['user_id', 'expires_at']).executeTakeFirst();
    if (!row || Number(row.expires_at) <= nowMs) return false;
    const userId = Number(row.user_id);
    const user = await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).returning('email').executeTakeFirst();
    await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await endEveryWayIn(trx, userId);
    if (user) await trx.deleteFrom('rate_limits').where('key', '=', accountKey('login', user.email)).execute();
    return true;
  });
}

/** The account's password hash, to check the current password before a change. */
export async function passwordHashOf(db: Kysely<Database>, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  return row?.password_hash;
}

/**
 * A signed-in change: the new password, every session but `keepSessionHash` ended and every
 * reset token voided (a link asked for before the change no longer opens the account); with
 * `endEverything`, every access token revoked and every push subscription deleted too.
 */
export async function changePassword(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
  keepSessionHash: string | null,
  endEverything: boolean,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
    let sessions = trx.deleteFrom('sessions').where('user_id', '=', userId);
    if (keepSessionHash !== null) sessions = sessions.where('token_hash', '!=', keepSessionHash);
    await sessions.execute();
    if (endEverything) await endEveryWayIn(trx, userId);
  });
}

/** Drops tokens past their time so the table stays small. */
export async function pruneResets(db: Kysely<Database>, nowMs: number): Promise<void> {
  await db.deleteFrom('password_resets').where('expires_at', '<=', nowMs).execute();
}
