/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never depend on the table types of today. */
/**
 * A device whose push service fails the daily reminder day after day (5xx, 429, no answer, even
 * after the retry) is removed after 7 failed days in a row, so a dead endpoint does not cost a
 * timeout every day for ever. `failed_days` counts the daily reminders in a row that failed; a
 * push that arrives sets it back to 0.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('push_subscriptions').addColumn('failed_days', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('push_subscriptions').dropColumn('failed_days').execute();
}
