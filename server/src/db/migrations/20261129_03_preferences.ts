/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never depend on the table types of today. */
/**
 * The app in the learner's language (contract, fifth edition): the account's "App language"
 * (`ui_locale`, a shipped locale's tag; null follows the browser) and its time zone (`time_zone`,
 * an IANA zone the app sends; null until it does).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('ui_locale', 'text').execute();
  await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
  await db.schema.alterTable('users').dropColumn('ui_locale').execute();
}
