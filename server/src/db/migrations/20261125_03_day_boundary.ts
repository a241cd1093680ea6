/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never depend on the table types of today. */
/**
 * "My day ends at" (issue 28): one small setting per learner, for every language, so a column of
 * the users row; it goes with the account. 0 (midnight) is the spec's day, so every existing
 * learner keeps the behaviour they had.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('day_ends_at_hour', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('day_ends_at_hour').execute();
}
