/** Reads and writes a learner's rest days (weekdays and breaks); see migrations/20261123_01_rest_days.ts. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { RestDays } from '@common/schemas/restDays';
import type { Database } from './database';
import { prepared } from './prepared';

type Db = Kysely<Database> | Transaction<Database>;

// Compiled once: the calendar summary reads them on every dashboard load.
const weekdaysQuery = prepared((db, p: { userId: number }) => db.selectFrom('rest_weekdays').select('weekdays').where('user_id', '=', p.userId));
const periodsQuery = prepared((db, p: { userId: number }) =>
  db.selectFrom('rest_periods').select(['from_date', 'to_date']).where('user_id', '=', p.userId).orderBy('from_date'),
);

export async function readRestDays(db: Db, userId: number): Promise<RestDays> {
  const [weekdayRow, periods] = await Promise.all([weekdaysQuery.takeFirst(db, { userId }), periodsQuery.execute(db, { userId })]);
  const weekdays = weekdayRow ? (JSON.parse(weekdayRow.weekdays) as number[]) : [];
  return { weekdays: [...weekdays].sort((a, b) => a - b), periods: periods.map((p) => ({ from: p.from_date, to: p.to_date })) };
}

/**
 * Rest days hold for every language: each one's answers that count them change (db/dataVersion.ts).
 * This also locks every language row of the learner on PostgreSQL, in name order (the key's order);
 * a writer that will change rest days calls it before it locks any single language, like every other writer.
 */
export async function allLanguagesChanged(trx: Transaction<Database>, userId: number): Promise<void> {
  await trx.updateTable('user_languages').set({ data_version: sql`data_version + 1` }).where('user_id', '=', userId).execute();
}

/** Replaces the learner's rest days with `value` (already validated); call inside a transaction. */
export async function writeRestDays(trx: Transaction<Database>, userId: number, value: RestDays): Promise<void> {
  await allLanguagesChanged(trx, userId);
  await trx.deleteFrom('rest_weekdays').where('user_id', '=', userId).execute();
  await trx.deleteFrom('rest_periods').where('user_id', '=', userId).execute();
  if (value.weekdays.length > 0) {
    const weekdays = JSON.stringify([...value.weekdays].sort((a, b) => a - b));
    await trx.insertInto('rest_weekdays').values({ user_id: userId, weekdays }).execute();
  }
  if (value.periods.length > 0) {
    await trx.insertInto('rest_periods').values(value.periods.map((p) => ({ user_id: userId, from_date: p.from, to_date: p.to }))).execute();
  }
}

export async function saveRestDays(db: Kysely<Database>, userId: number, value: RestDays): Promise<void> {
  await db.transaction().execute((trx) => writeRestDays(trx, userId, value));
}
