/**
 * Personal access tokens: minting within the per-learner bound, the learner's list, revocation,
 * and the lookup every bearer call makes. The lookup reads the database on every call (no cache
 * in the process), so a token revoked on any process is refused by every other at once.
 */
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { AccessTokensTable, Database } from './database';
import { prepared } from './prepared';
import { learnerColumns } from './sessions';

export type AccessTokenRow = Pick<AccessTokensTable, 'id' | 'name' | 'scope' | 'created_at' | 'last_used_at' | 'expires_at'>;

/** The per-minute counter of one token in rate_limits (db/rateLimits.ts). */
export const tokenCounterKey = (id: string) => `token:${id}`;

/**
 * The token's row with its learner's email and current language: the one indexed lookup of a bearer
 * call, shaped as the session's (learnerColumns: compiled once whatever statistics SQLite holds).
 * A token expired at `nowMs` is not found, as a revoked one.
 */
export const findAccessToken = prepared((db, p: { tokenHash: string; nowMs: number }) =>
  db
    .selectFrom('access_tokens')
    .select(['access_tokens.id', 'access_tokens.user_id', 'access_tokens.scope', 'access_tokens.last_used_at'])
    .select(learnerColumns('access_tokens'))
    .where('access_tokens.token_hash', '=', p.tokenHash)
    .where((eb) => eb.or([eb('access_tokens.expires_at', 'is', null), eb('access_tokens.expires_at', '>', p.nowMs)])),
);

/**
 * Stores a new token unless the learner already holds `limit`; answers whether it was stored.
 * The learner's row is written first, which on PostgreSQL locks it until commit, so two mints
 * at once cannot both see room for the last one (SQLite runs one write transaction at a time).
 */
export async function createAccessToken(
  db: Kysely<Database>,
  token: Omit<AccessTokensTable, 'last_used_at' | 'position'>,
  limit: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ created_at: sql`created_at` }).where('id', '=', token.user_id).execute();
    const { held, last } = await trx
      .selectFrom('access_tokens')
      .select((eb) => [eb.fn.countAll().as('held'), eb.fn.max('position').as('last')])
      .where('user_id', '=', token.user_id)
      .executeTakeFirstOrThrow();
    if (Number(held) >= limit) return false;
    // After every token the learner holds, in the order of minting (the learner's row is held till commit).
    await trx.insertInto('access_tokens').values({ ...token, last_used_at: null, position: Number(last ?? 0) + 1 }).execute();
    return true;
  });
}

export const listAccessTokens = (db: Kysely<Database>, userId: number): Promise<AccessTokenRow[]> =>
  db
    .selectFrom('access_tokens')
    .select(['id', 'name', 'scope', 'created_at', 'last_used_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();

/** Deletes the learner's token `id` (another learner's id deletes nothing), its counter and the idempotency keys it made. */
export async function deleteAccessToken(db: Kysely<Database>, userId: number, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('access_tokens').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (deleted.numDeletedRows > 0n) await forgetTokens(trx, userId, [id]);
  });
}

/** The counters and idempotency keys of the learner's tokens `ids`, deleted with them. */
async function forgetTokens(trx: Transaction<Database>, userId: number, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom('rate_limits').where('key', 'in', ids.map(tokenCounterKey)).execute();
  await trx.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('token_id', 'in', ids).execute();
}

/**
 * Within the caller's transaction: revokes every access token of the learner (their counters and
 * keys with them) and deletes every push subscription, for a reset or a password change that ends
 * every way in (contract, fifth edition).
 */
export async function endEveryWayIn(trx: Transaction<Database>, userId: number): Promise<void> {
  const held = await trx.deleteFrom('access_tokens').where('user_id', '=', userId).returning('id').execute();
  await forgetTokens(
    trx,
    userId,
    held.map((row) => row.id),
  );
  await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
}

/**
 * Writes `last_used_at` only when it is unset or at least `resolutionMs` old: the condition is in
 * the UPDATE, so processes racing on one token write it once. Compiled once, as countCalls.
 */
const markUsedQuery = (db: Kysely<Database>, p: { id: string; nowMs: number; usedBefore: number }) =>
  db
    .updateTable('access_tokens')
    .set({ last_used_at: p.nowMs })
    .where('id', '=', p.id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', p.usedBefore)]));
const markUsed = prepared(markUsedQuery);
const markUsedPg = prepared((db, p: { id: string; nowMs: number; usedBefore: number }) => markUsedQuery(db, p).where(unflushedPg));

/**
 * countAttempt's upsert (db/rateLimits.ts) adding `calls` at once, compiled once: it runs on every
 * lease a process claims (domain/tokenCallLimit.ts). Run at once where SQLite offers it
 * (runUnflushedAtOnce), else on a reserved connection (unflushed): on the root instance, run()
 * would take the direct way, which is for reads.
 */
const countCalls = prepared((db, p: { key: string; nowMs: number; expiredBefore: number; calls: number }) => {
  const expired = sql<boolean>`rate_limits.window_start <= ${p.expiredBefore}`;
  return db
    .insertInto('rate_limits')
    .values({ key: p.key, window_start: p.nowMs, count: p.calls })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then ${p.calls} else rate_limits.count + ${p.calls} end`,
        window_start: sql<number>`case when ${expired} then ${p.nowMs} else rate_limits.window_start end`,
      }),
    )
    .returning(['count', 'window_start']);
});

/**
 * Runs `write` on SQLite so that its commit does not wait for the disk, when it cannot run at once
 * (a transaction holds the connection: db/index.ts, unflushedWriter): a counter or a last-use
 * instant lost to a power cut costs nothing, while a flushed commit would cost many times the read
 * it guards (the bench's --tokens section). A reserved connection commits it with
 * synchronous=NORMAL, which in WAL mode skips the fsync. (PostgreSQL: the statements turn
 * synchronous_commit off for their own transaction, `unflushedPg`.)
 */
async function unflushed<T>(db: Kysely<Database>, write: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    const setting = syncSettings.get(db) ?? Number((await sql<{ synchronous: number }>`pragma synchronous`.execute(connection)).rows[0]?.synchronous ?? 2);
    syncSettings.set(db, setting);
    await sql`pragma synchronous = normal`.execute(connection);
    try {
      return await write(connection);
    } finally {
      await sql`pragma synchronous = ${sql.raw(String(setting))}`.execute(connection);
    }
  });
}

/** The SQLite connection's own synchronous setting (db/index.ts), read once, restored after each unflushed write. */
const syncSettings = new WeakMap<Kysely<Database>, number>();

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;
/** A condition true on PostgreSQL that turns synchronous_commit off for the statement's transaction. */
const unflushedPg = sql<boolean>`(select set_config('synchronous_commit', 'off', true)) is not null`;

/**
 * Adds `calls` to the token's counter in its fixed window (rate_limits, shared by every process, as
 * countAttempt does; a new window once `windowMs` has passed since the last one began) and answers
 * the window's count and start. Committed without waiting for the disk (unflushed).
 */
export async function countTokenCalls(
  db: Kysely<Database>,
  call: { id: string; calls: number; nowMs: number; windowMs: number },
): Promise<{ count: number; windowStart: number }> {
  const key = tokenCounterKey(call.id);
  const expiredBefore = call.nowMs - call.windowMs;
  if (isPostgres(db)) {
    const expired = sql<boolean>`rate_limits.window_start <= ${expiredBefore}`;
    const { rows } = await sql<{ count: number | string; window_start: number }>`
      insert into rate_limits (key, window_start, count)
      select ${key}, ${call.nowMs}, ${call.calls} from (select set_config('synchronous_commit', 'off', true)) as unflushed
      on conflict (key) do update set
        count = case when ${expired} then ${call.calls} else rate_limits.count + ${call.calls} end,
        window_start = case when ${expired} then ${call.nowMs} else rate_limits.window_start end
      returning count, window_start`.execute(db);
    return { count: Number(rows[0].count), windowStart: Number(rows[0].window_start) };
  }
  const values = { key, nowMs: call.nowMs, expiredBefore, calls: call.calls };
  const row = countCalls.runUnflushedAtOnce(db, values)?.rows[0] ?? (await unflushed(db, (connection) => countCalls.takeFirst(connection, values)));
  return { count: Number(row?.count), windowStart: Number(row?.window_start) };
}

/** Moves the token's last_used_at to `nowMs` when it is unset or at least `resolutionMs` old (unflushed). */
export async function touchAccessToken(db: Kysely<Database>, id: string, nowMs: number, resolutionMs: number): Promise<void> {
  const values = { id, nowMs, usedBefore: nowMs - resolutionMs };
  if (isPostgres(db)) {
    await markUsedPg.run(db, values);
    return;
  }
  if (markUsed.runUnflushedAtOnce(db, values)) return;
  await unflushed(db, (connection) => markUsed.run(connection, values));
}
