/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never depend on the table types of today. */
/**
 * Running totals per user and language, kept up to date by every write to daily_activity, so the
 * dashboard's /progress reads one row instead of summing a learner's whole history on each load.
 * Existing history is summed once here.
 */
import { sql, type Kysely } from 'kysely';

const TOTAL_COLUMNS = ['listening_total', 'reading_total', 'speaking_total', 'writing_total'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of TOTAL_COLUMNS) {
    await db.schema.alterTable('user_languages').addColumn(column, 'integer', (c) => c.notNull().defaultTo(0)).execute();
  }
  const sumOf = (skill: string) =>
    sql`(select coalesce(sum(${sql.ref(skill)}), 0) from daily_activity d
         where d.user_id = user_languages.user_id and d.language = user_languages.language)`;
  await db
    .updateTable('user_languages')
    .set(Object.fromEntries(TOTAL_COLUMNS.map((column) => [column, sumOf(column.replace('_total', ''))])))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of TOTAL_COLUMNS) await db.schema.alterTable('user_languages').dropColumn(column).execute();
}
