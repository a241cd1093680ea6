/**
 * The pruners' batched delete: at most `limit` rows of a table older than `before`, oldest first,
 * so no request ever waits behind a large delete. One statement finds where the batch ends (the
 * newest instant among the `limit` oldest rows), a second deletes up to it.
 */
import type { Kysely } from 'kysely';
import type { Database } from './database';

/** The tables pruned by age, each with the column that dates a row (epoch ms). */
const AGE_COLUMN = { idempotency_keys: 'created_at', stopped_timers: 'stopped_at' } as const;
export type AgedTable = keyof typeof AGE_COLUMN;

/** Deletes at most `limit` rows of `table` dated before `before` (epoch ms), oldest first; answers how many went. */
export async function deleteOldest(db: Kysely<Database>, table: AgedTable, before: number, limit: number): Promise<number> {
  const column = AGE_COLUMN[table];
  // Typed by name only: each aged table has its own dating column, a number.
  const aged = db as unknown as Kysely<Record<string, Record<string, number>>>;
  const batch = aged.selectFrom(table).select(column).where(column, '<', before).orderBy(column).limit(limit);
  const batchEnd = await aged.selectFrom(batch.as('batch')).select((eb) => eb.fn.max(column).as('last')).executeTakeFirst();
  if (batchEnd?.last === null || batchEnd?.last === undefined) return 0;
  const result = await aged.deleteFrom(table).where(column, '<=', Number(batchEnd.last)).where(column, '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
