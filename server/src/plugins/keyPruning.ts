/**
 * Idempotency keys are kept KEY_RETENTION_DAYS after their first use (the contract asks for at
 * least 30), then deleted in the background: small batches with a turn of the event loop in
 * between, a minute after start and every hour, so no request ever pays for a large prune.
 * Several processes on one database may prune at once; a key deleted twice is simply gone.
 * The same retention bounds how many keys a learner holds (keyLimit, issue #38): a key older than
 * it no longer counts, pruned or not.
 */
import type { FastifyInstance } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { pruneKeys, type KeyLimit } from '../db/idempotency';
import { pruneStoppedTimers } from '../db/timers';
import { KEY_RETENTION_DAYS } from '../domain/adds';

export { KEY_RETENTION_DAYS };
/** Keys one learner holds at once, refused adds' included (contract, fourth edition). */
export const KEYS_PER_LEARNER = 10_000;
/** Keys one access token holds at once (contract, fifth edition): then 429 for that token only. */
export const KEYS_PER_TOKEN = 2_000;
const DAY_MS = 24 * 60 * 60_000;
const BATCH = 500;
const FIRST_RUN_MS = 60_000;
const EVERY_MS = 60 * 60_000;

/**
 * Deletes every key older than the retention, a batch at a time, and the ids of timers stopped
 * before it (issue #39: kept as long as keys); answers how many keys went.
 */
export async function pruneExpiredKeys(app: FastifyInstance): Promise<number> {
  const before = app.now().getTime() - KEY_RETENTION_DAYS * DAY_MS;
  const total = await inBatches((limit) => pruneKeys(app.db, before, limit));
  await inBatches((limit) => pruneStoppedTimers(app.db, before, limit));
  return total;
}

async function inBatches(prune: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await prune(BATCH);
    total += deleted;
    if (deleted < BATCH) return total;
    await nextTurn();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The bound on the keys of one credential at `now` (epoch ms): the learner's sessions (`tokenId`
     * null) or one access token; keys first used within the retention count.
     */
    keyLimit(now: number, tokenId: string | null): KeyLimit;
  }
}

export function registerKeyPruning(app: FastifyInstance, keysPerLearner = KEYS_PER_LEARNER, keysPerToken = KEYS_PER_TOKEN): void {
  app.decorate(
    'keyLimit',
    (now: number, tokenId: string | null): KeyLimit => ({ max: tokenId === null ? keysPerLearner : keysPerToken, since: now - KEY_RETENTION_DAYS * DAY_MS, tokenId }),
  );
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const run = () => {
    pruneExpiredKeys(app)
      .catch((err: unknown) => app.log.warn({ err }, 'pruning idempotency keys failed; next try in an hour'))
      .finally(() => {
        if (closed) return;
        timer = setTimeout(run, EVERY_MS);
        timer.unref();
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(run, FIRST_RUN_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
  });
}
