/**
 * Daily activity rows. Adding minutes is one conditional UPDATE, so concurrent adds can neither
 * lose minutes nor push a day past its limits, on SQLite and PostgreSQL alike. Every write also
 * moves the language's running totals (user_languages.*_total) in the same transaction, so the
 * dashboard's totals never need a sum over the whole history.
 */
import { sql, type Kysely, type Transaction, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import { DAILY_SKILL_LIMIT_MINS, DAILY_TOTAL_LIMIT_MINS, SKILLS, type Skill } from '@common/domain';
import type { DailyActivityTable, Database } from './database';
import { prepared } from './prepared';

export type DayKey = { userId: number; language: string; date: string };
export type DayRow = Pick<DailyActivityTable, Skill | 'date' | 'achieved_override'>;

export const dayColumns = ['date', ...SKILLS, 'achieved_override'] as const;

/** Numbers and the 0/1 flag normalised once, whatever the driver returned. */
export function normaliseDay(row: DayRow): DayRow {
  const override = row.achieved_override;
  return {
    date: row.date,
    listening: Number(row.listening),
    reading: Number(row.reading),
    speaking: Number(row.speaking),
    writing: Number(row.writing),
    achieved_override: override === null || override === undefined ? null : Number(override) ? 1 : 0,
  };
}

const findDayQuery = prepared((db, p: DayKey) =>
  db.selectFrom('daily_activity').select(dayColumns).where('user_id', '=', p.userId).where('language', '=', p.language).where('date', '=', p.date),
);

export async function findDay(db: Kysely<Database> | Transaction<Database>, key: DayKey): Promise<DayRow | null> {
  const row = await findDayQuery.takeFirst(db, key);
  return row ? normaliseDay(row) : null;
}

export type AddResult = { ok: true; day: DayRow } | { ok: false; reason: 'skill' | 'total' };

export async function addMinutes(db: Kysely<Database>, key: DayKey, skill: Skill, minutes: number): Promise<AddResult> {
  if (minutes > DAILY_SKILL_LIMIT_MINS) return { ok: false, reason: 'skill' };
  return db.transaction().execute(async (trx) => {
    await lockLanguage(trx, key);
    await trx
      .insertInto('daily_activity')
      .values({ user_id: key.userId, language: key.language, date: key.date, listening: 0, reading: 0, speaking: 0, writing: 0, achieved_override: null })
      .onConflict((oc) => oc.columns(['user_id', 'language', 'date']).doNothing())
      .execute();
    const column = sql.ref(skill);
    const total = sql`listening + reading + speaking + writing`;
    const result = await trx
      .updateTable('daily_activity')
      .set({ [skill]: sql`${column} + ${minutes}` })
      .where('user_id', '=', key.userId)
      .where('language', '=', key.language)
      .where('date', '=', key.date)
      .where(sql<boolean>`${column} + ${minutes} <= ${DAILY_SKILL_LIMIT_MINS}`)
      .where(sql<boolean>`${total} + ${minutes} <= ${DAILY_TOTAL_LIMIT_MINS}`)
      .executeTakeFirst();
    const day = await findDay(trx, key);
    if (!day) throw new Error('daily activity row vanished inside its transaction');
    if (Number(result.numUpdatedRows) === 1) {
      await addToTotals(trx, key, { [skill]: minutes });
      return { ok: true as const, day };
    }
    return { ok: false as const, reason: day[skill] + minutes > DAILY_SKILL_LIMIT_MINS ? ('skill' as const) : ('total' as const) };
  });
}

export async function setDay(db: Kysely<Database>, key: DayKey, minutes: Record<Skill, number>, achievedOverride: number | null | undefined): Promise<DayRow> {
  const values = { ...minutes, ...(achievedOverride === undefined ? {} : { achieved_override: achievedOverride }) };
  return db.transaction().execute(async (trx) => {
    await historyChanged(trx, key);
    const before = await findDay(trx, key);
    await trx
      .insertInto('daily_activity')
      .values({ user_id: key.userId, language: key.language, date: key.date, achieved_override: null, ...values })
      .onConflict((oc) => oc.columns(['user_id', 'language', 'date']).doUpdateSet(values))
      .execute();
    await addToTotals(trx, key, Object.fromEntries(SKILLS.map((skill) => [skill, minutes[skill] - (before?.[skill] ?? 0)])));
    return (await findDay(trx, key)) as DayRow;
  });
}

const whereLanguage = (key: Omit<DayKey, 'date'>) => (qb: UpdateQueryBuilder<Database, 'user_languages', 'user_languages', UpdateResult>) =>
  qb.where('user_id', '=', key.userId).where('language', '=', key.language);

/**
 * Writes the language's row before the day's, which on PostgreSQL locks it until commit: writers
 * of one learner's language then run one after another, always in the same lock order, so
 * "read the day, write it, move the totals" is exact and two writers can never deadlock.
 * (SQLite runs one write transaction at a time anyway.)
 */
async function lockLanguage(trx: Transaction<Database>, key: DayKey): Promise<void> {
  await trx.updateTable('user_languages').set({ listening_total: sql`listening_total` }).$call(whereLanguage(key)).execute();
}

/**
 * For writes that may change a day the calendar summary has settled (any day but today): moves
 * the language's history_version, which also takes the language's lock like lockLanguage, so a
 * streak state remembered from before the write is never used again.
 */
export async function historyChanged(trx: Transaction<Database>, key: Omit<DayKey, 'date'>): Promise<void> {
  await trx.updateTable('user_languages').set({ history_version: sql`history_version + 1` }).$call(whereLanguage(key)).execute();
}

async function addToTotals(trx: Transaction<Database>, key: DayKey, deltas: Partial<Record<Skill, number>>): Promise<void> {
  const changes = Object.entries(deltas).filter(([, delta]) => delta !== 0);
  if (changes.length === 0) return;
  const set = Object.fromEntries(changes.map(([skill, delta]) => [`${skill}_total`, sql<number>`${sql.ref(`${skill}_total`)} + ${delta}`]));
  await trx.updateTable('user_languages').set(set).$call(whereLanguage(key)).execute();
}
