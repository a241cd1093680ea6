/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never depend on the table types of today. */
/**
 * The whole schema. Runs unchanged on SQLite and PostgreSQL: timestamps are double precision
 * milliseconds, dates are text, booleans are 0/1 integers, and every row that belongs to a user
 * goes away with the user (ON DELETE CASCADE).
 */
import { SqliteAdapter, type Kysely } from 'kysely';

const SKILL_COLUMNS = ['listening', 'reading', 'speaking', 'writing'] as const;
const LEVEL_COLUMNS = ['level1', 'level2', 'level3', 'level4', 'level5', 'level6'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('languages')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) =>
      db.getExecutor().adapter instanceof SqliteAdapter ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('current_language', 'text', (c) => c.references('languages.name'))
    .addColumn('created_at', 'double precision', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'double precision', (c) => c.notNull())
    .addColumn('last_seen_at', 'double precision', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  let userLanguages = db.schema
    .createTable('user_languages')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull().references('languages.name'))
    .addColumn('previous_hours', 'integer', (c) => c.notNull());
  for (const level of LEVEL_COLUMNS) userLanguages = userLanguages.addColumn(level, 'integer', (c) => c.notNull());
  await userLanguages
    .addColumn('created_at', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_languages_pk', ['user_id', 'language'])
    .execute();

  await db.schema
    .createTable('daily_goals')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_goals_pk', ['user_id', 'language', 'effective_from'])
    .addForeignKeyConstraint('daily_goals_user_language_fk', ['user_id', 'language'], 'user_languages', ['user_id', 'language'], (fk) => fk.onDelete('cascade'))
    .execute();

  let activity = db.schema
    .createTable('daily_activity')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull());
  for (const skill of SKILL_COLUMNS) activity = activity.addColumn(skill, 'integer', (c) => c.notNull().defaultTo(0));
  await activity
    .addColumn('achieved_override', 'integer')
    .addPrimaryKeyConstraint('daily_activity_pk', ['user_id', 'language', 'date'])
    .addForeignKeyConstraint('daily_activity_user_language_fk', ['user_id', 'language'], 'user_languages', ['user_id', 'language'], (fk) => fk.onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'double precision', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['rate_limits', 'daily_activity', 'daily_goals', 'user_languages', 'sessions', 'users', 'languages']) {
    await db.schema.dropTable(table).execute();
  }
}
