/**
 * Issue #29: which state of a language's data an answer was computed from. data_version moves in the
 * transaction of every write that can change the calendar summary or a range of days (db/activity.ts
 * lockLanguage and historyChanged, db/goals.ts, db/restDays.ts; migration 20261125_04_data_version);
 * created_at tells apart a language row made again after its account was deleted and its id reused.
 */
import type { Kysely } from 'kysely';
import type { Database } from './database';
import { prepared } from './prepared';

const versionQuery = prepared((db, p: { userId: number; language: string }) =>
  db.selectFrom('user_languages').select(['data_version', 'created_at']).where('user_id', '=', p.userId).where('language', '=', p.language),
);

/** An opaque text that changes whenever the language's days, goals or rest days do; null when there is no such language row. */
export async function dataVersion(db: Kysely<Database>, key: { userId: number; language: string }): Promise<string | null> {
  const row = await versionQuery.takeFirst(db, key);
  return row ? `${key.userId}\u0000${key.language}\u0000${Number(row.created_at)}\u0000${Number(row.data_version)}` : null;
}
