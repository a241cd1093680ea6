/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never depend on the table types of today. */
/**
 * Rest days (contract, second edition, "Forgiving streaks"): per learner, for every language.
 * Weekdays are stored as a JSON array and breaks as rows, so a break can be read by date range.
 * A learner without a row has no rest days, which is the spec's streak.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rest_weekdays')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('weekdays', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('rest_periods')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('from_date', 'text', (c) => c.notNull())
    .addColumn('to_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rest_periods_user').on('rest_periods').columns(['user_id', 'from_date']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rest_periods').execute();
  await db.schema.dropTable('rest_weekdays').execute();
}
