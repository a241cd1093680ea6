/**
 * Adds that apply exactly once (contract, third edition; migration 20261125_01). The key is
 * claimed by the first statement of the add's transaction and its answer written by the last,
 * so the key, the minutes and the answer commit together or not at all:
 * - SQLite runs one write transaction at a time, so a second request with the key finds the
 *   committed answer (or, after a rollback, no key and processes it as new).
 * - PostgreSQL makes a second INSERT of the same (user, key) wait for the first transaction;
 *   once that commits the insert does nothing and the next statement (READ COMMITTED) reads the
 *   stored answer; once it rolls back (a 5xx, never stored) the insert succeeds and the request
 *   is processed as new. Either way an add is never applied twice.
 * Each credential holds at most so many keys at once (KeyLimit: the learner's sessions together,
 * each access token on its own); a replay is answered whatever the count, since it stores nothing new.
 */
import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from './database';
import { deleteOldest } from './batchDelete';
import { atOnce, prepared, type AtOnce } from './prepared';

export type StoredAnswer = {
  status: number;
  body: string;
};

export type KeyedOutcome =
  | { kind: 'fresh'; answer: StoredAnswer }
  | { kind: 'replayed'; answer: StoredAnswer }
  | { kind: 'reused' }
  | { kind: 'inUse' }
  /** A new key past the learner's bound: nothing was done; a new key is taken again in `retryAfterMs`. */
  | { kind: 'full'; retryAfterMs: number };

/**
 * At most `max` keys of one credential at once: those first used at or after `since` (older ones are
 * expired, whether or not the pruner has deleted them yet). The credential is the access token
 * `tokenId`, or the learner's own sessions when it is null (contract, fifth edition): each token's
 * keys are counted on their own, so no token can use up the learner's bound.
 */
export type KeyLimit = { max: number; since: number; tokenId: string | null };

export type KeyClaim = {
  userId: number;
  key: string;
  /** The request the key is used for; the same key with another fingerprint is refused. */
  fingerprint: string;
  /** Whether a stored fingerprint is this request, when that is looser than equality (default: equal). */
  sameRequest?: (stored: string) => boolean;
  now: number;
  /** The access token making the add, null for a session: recorded with the key, deleted with the token. */
  tokenId?: string | null;
  limit?: KeyLimit;
};

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Status 0 marks a claim whose answer is not written yet (never visible outside its transaction). */
const IN_FLIGHT = 0;

const claimKey = prepared((db, p: KeyClaim) =>
  db
    .insertInto('idempotency_keys')
    .values({ user_id: p.userId, key: p.key, fingerprint: p.fingerprint, status: IN_FLIGHT, body: '', created_at: p.now, token_id: p.tokenId ?? null })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing()),
);

const findKey = prepared((db, p: { userId: number; key: string }) =>
  db.selectFrom('idempotency_keys').select(['fingerprint', 'status', 'body']).where('user_id', '=', p.userId).where('key', '=', p.key),
);

const storeAnswer = prepared((db, p: { userId: number; key: string } & StoredAnswer) =>
  db.updateTable('idempotency_keys').set({ status: p.status, body: p.body }).where('user_id', '=', p.userId).where('key', '=', p.key),
);

/**
 * The first use of the key that puts the learner's sessions past the bound, newest first: the key
 * that must expire before a new one is taken (none: within the bound). It walks the (user_id,
 * created_at) index, skipping the keys of the learner's tokens (at most 2,000 each).
 */
const sessionKeyPastBound = prepared((db, p: { userId: number; max: number; since: number }) =>
  db
    .selectFrom('idempotency_keys')
    .select('created_at')
    .where('user_id', '=', p.userId)
    .where('token_id', 'is', null)
    .where('created_at', '>=', p.since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .offset(p.max),
);

/** The same for one access token's keys: at most `max` + 1 entries of the (token_id, created_at) index. */
const tokenKeyPastBound = prepared((db, p: { tokenId: string; max: number; since: number }) =>
  db
    .selectFrom('idempotency_keys')
    .select('created_at')
    .where('token_id', '=', p.tokenId)
    .where('created_at', '>=', p.since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .offset(p.max),
);

/**
 * A write that changes nothing, to hold the learner's row until the transaction ends: two new keys
 * of one learner are then counted one after the other on PostgreSQL too (SQLite writes one at a time).
 */
const holdLearner = prepared((db, p: { userId: number }) =>
  db.updateTable('users').set((eb) => ({ created_at: eb.ref('created_at') })).where('id', '=', p.userId),
);

/** Thrown to roll back a claim past the bound, the claim included. */
class KeysFull extends Error {
  constructor(readonly retryAfterMs: number) {
    super('idempotency keys past the bound');
  }
}

/**
 * Runs `work` (the add, answering success or a 4xx) once per key: the first request's answer
 * is stored in the same transaction; later ones get it back, or are told the key was used for
 * another request. An error thrown by `work` rolls everything back, the claim included.
 */
export async function onceForKey(
  db: Kysely<Database>,
  claim: KeyClaim,
  work: (trx: Transaction<Database>) => Promise<StoredAnswer>,
): Promise<KeyedOutcome> {
  return db.transaction().execute(async (trx) => {
    const claimed = await claimKey.run(trx, claim);
    if (Number(claimed.numAffectedRows ?? 0) === 0) {
      const stored = await findKey.takeFirst(trx, claim);
      if (!stored) return { kind: 'inUse' as const };
      const same = claim.sameRequest ? claim.sameRequest(stored.fingerprint) : stored.fingerprint === claim.fingerprint;
      if (!same) return { kind: 'reused' as const };
      if (Number(stored.status) === IN_FLIGHT) return { kind: 'inUse' as const };
      return { kind: 'replayed' as const, answer: { status: Number(stored.status), body: stored.body } };
    }
    if (claim.limit) await checkLimit(trx, claim.userId, claim.limit);
    const answer = await work(trx);
    await storeAnswer.run(trx, { userId: claim.userId, key: claim.key, ...answer });
    return { kind: 'fresh' as const, answer };
  }).catch((err: unknown) => {
    if (err instanceof KeysFull) return { kind: 'full' as const, retryAfterMs: err.retryAfterMs };
    throw err;
  });
}

/**
 * onceForKey as one transaction run at once (db/prepared.ts, atOnce: SQLite while no other
 * transaction is open), the same statements in the same order; undefined: take onceForKey.
 */
export function onceForKeyAtOnce(db: Kysely<Database>, claim: KeyClaim, work: (tx: AtOnce) => StoredAnswer): KeyedOutcome | undefined {
  try {
    return atOnce(db, (tx): KeyedOutcome => {
      const claimed = claimKey.runAt(tx, claim);
      if (Number(claimed.numAffectedRows ?? 0) === 0) {
        const [stored] = findKey.runAt(tx, claim).rows;
        if (!stored) return { kind: 'inUse' };
        const same = claim.sameRequest ? claim.sameRequest(stored.fingerprint) : stored.fingerprint === claim.fingerprint;
        if (!same) return { kind: 'reused' };
        if (Number(stored.status) === IN_FLIGHT) return { kind: 'inUse' };
        return { kind: 'replayed', answer: { status: Number(stored.status), body: stored.body } };
      }
      if (claim.limit) checkLimitAt(tx, claim.userId, claim.limit);
      const answer = work(tx);
      storeAnswer.runAt(tx, { userId: claim.userId, key: claim.key, ...answer });
      return { kind: 'fresh', answer };
    })?.value;
  } catch (err) {
    if (err instanceof KeysFull) return { kind: 'full', retryAfterMs: err.retryAfterMs };
    throw err;
  }
}

/** checkLimit at once: SQLite only, which writes one transaction at a time, so no row hold is needed. */
function checkLimitAt(tx: AtOnce, userId: number, limit: KeyLimit): void {
  const bound = { max: limit.max, since: limit.since };
  const [past] = (limit.tokenId === null ? sessionKeyPastBound.runAt(tx, { userId, ...bound }) : tokenKeyPastBound.runAt(tx, { tokenId: limit.tokenId, ...bound })).rows;
  if (past) throw new KeysFull(Number(past.created_at) - limit.since);
}

/** After a new key's claim (counted with the others): refuses it when its credential now holds more than `max`. */
async function checkLimit(trx: Transaction<Database>, userId: number, limit: KeyLimit): Promise<void> {
  // SQLite writes one transaction at a time already: the hold is PostgreSQL's (a write that dirties no page there is one more here).
  if (isPostgres(trx)) await holdLearner.run(trx, { userId });
  const bound = { max: limit.max, since: limit.since };
  const past =
    limit.tokenId === null
      ? await sessionKeyPastBound.takeFirst(trx, { userId, ...bound })
      : await tokenKeyPastBound.takeFirst(trx, { tokenId: limit.tokenId, ...bound });
  if (past) throw new KeysFull(Number(past.created_at) - limit.since);
}

/**
 * Deletes at most `limit` keys first used before `before` (epoch ms) and says how many went:
 * the pruner calls it in small batches so no request ever waits behind a large delete.
 */
export async function pruneKeys(db: Kysely<Database>, before: number, limit: number): Promise<number> {
  return deleteOldest(db, 'idempotency_keys', before, limit);
}
