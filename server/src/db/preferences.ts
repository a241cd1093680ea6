/** The account's "App language" and time zone (migration 20261129_03_preferences). */
import type { Kysely } from 'kysely';
import type { Database } from './database';

export interface StoredPreferences {
  uiLocale: string | null;
  timeZone: string | null;
}

export async function readPreferences(db: Kysely<Database>, userId: number): Promise<StoredPreferences> {
  const row = await db.selectFrom('users').select(['ui_locale', 'time_zone']).where('id', '=', userId).executeTakeFirst();
  return { uiLocale: row?.ui_locale ?? null, timeZone: row?.time_zone ?? null };
}

/** Saves the fields given (undefined: left as it is). */
export async function savePreferences(db: Kysely<Database>, userId: number, change: Partial<StoredPreferences>): Promise<void> {
  const values = {
    ...(change.uiLocale !== undefined ? { ui_locale: change.uiLocale } : {}),
    ...(change.timeZone !== undefined ? { time_zone: change.timeZone } : {}),
  };
  if (Object.keys(values).length === 0) return;
  await db.updateTable('users').set(values).where('id', '=', userId).execute();
}

/** The account's locale, for a text sent with no request (reset mail, reminder): null when it follows the browser. */
export async function storedUiLocale(db: Kysely<Database>, userId: number): Promise<string | null> {
  return (await readPreferences(db, userId)).uiLocale;
}
