/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never depend on the table types of today. */
/**
 * The calendar summary's streaks, remembered per user and language up to a settled day, so a
 * summary read walks only the few days since instead of the whole history.
 * `history_version` moves with every write that can change a settled day (an edit of a past
 * day); a remembered state counts only while its version is the current one.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_languages').addColumn('history_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('user_languages').addColumn('streak_version', 'integer').execute();
  await db.schema.alterTable('user_languages').addColumn('streak_through', 'text').execute();
  await db.schema.alterTable('user_languages').addColumn('streak_rest', 'text').execute();
  await db.schema.alterTable('user_languages').addColumn('streak_run', 'integer').execute();
  await db.schema.alterTable('user_languages').addColumn('streak_longest', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['streak_longest', 'streak_run', 'streak_rest', 'streak_through', 'streak_version', 'history_version']) {
    await db.schema.alterTable('user_languages').dropColumn(column).execute();
  }
}
