/**
 * Fixed-window attempt counters kept in the database, so every server process behind a load
 * balancer shares them. One atomic upsert both starts a new window and counts an attempt.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from './database';

/** Counts one attempt under `key`; answers the window's count and start after it. */
export async function countAttempt(db: Kysely<Database>, key: string, windowMs: number, nowMs: number): Promise<{ count: number; windowStart: number }> {
  const expired = sql<boolean>`rate_limits.window_start <= ${nowMs - windowMs}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: nowMs, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else rate_limits.count + 1 end`,
        window_start: sql<number>`case when ${expired} then ${nowMs} else rate_limits.window_start end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}

/**
 * The counter of one email address, keyed by the address's SHA-256: a key of fixed size whatever
 * the text a request sends (a 10 KB "email" would pass PostgreSQL's limit on an index row and
 * answer 500), and no address in the table. Deleting the account deletes it too (forgetAccount).
 */
export const accountKey = (kind: 'login' | 'register' | 'reset-mail', email: string) => `${kind}:${createHash('sha256').update(email).digest('hex')}`;

export async function forgetAccount(db: Kysely<Database>, email: string): Promise<void> {
  const keys = [accountKey('login', email), accountKey('register', email), accountKey('reset-mail', email)];
  await db.deleteFrom('rate_limits').where('key', 'in', keys).execute();
}

/**
 * Takes back one counted attempt: a sign-in that succeeded is not a failure, so the short
 * per-address window ends up counting failures only, while still counting every attempt
 * while it runs (a burst cannot slip past before its failures are known).
 */
export async function refundAttempt(db: Kysely<Database>, key: string): Promise<void> {
  await db.updateTable('rate_limits').set({ count: sql<number>`count - 1` }).where('key', '=', key).where('count', '>', 0).execute();
}

export async function resetAttempts(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Drops windows that ended long ago so the table stays small; `windowMs` must be the longest window in use. */
export async function pruneAttempts(db: Kysely<Database>, windowMs: number, nowMs: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', nowMs - windowMs).execute();
}
