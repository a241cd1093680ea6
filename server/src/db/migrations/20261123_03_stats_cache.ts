/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never depend on the table types of today. */
/**
 * The insights' settled weeks and months (GET /api/user/stats), remembered per user, language,
 * bucket kind and first day, so a read of the last 12 months sums only the days of the buckets
 * that can still change instead of a year of day rows. A row counts only while its `version` is
 * the language's history_version (migration 20261123_02_streak_cache), which every write that can
 * change a settled day moves; rows go away with the language's row, so with the account.
 */
import { sql, type Kysely } from 'kysely';

const SUM_COLUMNS = ['listening', 'reading', 'speaking', 'writing', 'active', 'achieved'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable('stats_buckets')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('start', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull());
  for (const column of SUM_COLUMNS) table = table.addColumn(column, 'integer', (c) => c.notNull());
  await table
    .addPrimaryKeyConstraint('stats_buckets_pk', ['user_id', 'language', 'bucket', 'start'])
    .addForeignKeyConstraint('stats_buckets_user_language_fk', ['user_id', 'language'], 'user_languages', ['user_id', 'language'], (fk) => fk.onDelete('cascade'))
    .addCheckConstraint('stats_buckets_bucket', sql`bucket in ('week', 'month')`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stats_buckets').execute();
}
