/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never depend on the table types of today. */
/**
 * Issue #29: a language's data_version moves with every write that can change what the calendar
 * summary or a range of days answers (any day's minutes, a goal, the rest days), in the write's
 * own transaction. A process may then reuse an answer it computed at the same version (db/dataVersion.ts).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_languages').addColumn('data_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_languages').dropColumn('data_version').execute();
}
