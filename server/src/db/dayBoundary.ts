/** The learner's day boundary ("My day ends at"); see migrations/20261125_03_day_boundary.ts. */
import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_DAY_ENDS_AT_HOUR } from '@common/schemas/dayBoundary';
import type { Database } from './database';

type Db = Kysely<Database> | Transaction<Database>;

export async function readDayEndsAtHour(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('day_ends_at_hour').where('id', '=', userId).executeTakeFirst();
  return row ? Number(row.day_ends_at_hour) : DEFAULT_DAY_ENDS_AT_HOUR;
}

/** Saves an hour already validated (0 to DAY_ENDS_AT_HOUR_MAX). */
export async function saveDayEndsAtHour(db: Db, userId: number, hour: number): Promise<void> {
  await db.updateTable('users').set({ day_ends_at_hour: hour }).where('id', '=', userId).execute();
}
