/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never depend on the table types of today. */
/**
 * Issue #39 (contract, fourth edition, "Timer"): the ids of stopped timers, so a late retry of a
 * start answers 409 TIMER_STOPPED instead of starting the timer again with its old start time.
 * Kept as long as idempotency keys (then pruned with them); `stopped_at` is epoch milliseconds.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stopped_timers')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('stopped_at', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('stopped_timers_pk', ['user_id', 'id'])
    .execute();
  await db.schema.createIndex('stopped_timers_stopped_at').on('stopped_timers').column('stopped_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stopped_timers').execute();
}
