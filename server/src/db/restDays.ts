/** Reads and writes a learner's rest days (weekdays and breaks); see migrations/20261123_01_rest_days.ts. */
import type { Kysely, Transaction } from 'kysely';
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

/** Replaces the learner's rest days with `value` (already validated); call inside a transaction. */
export async function writeRestDays(trx: Transaction<Database>, userId: number, value: RestDays): Promise<void> {
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
