/**
 * Daily activity rows. Adding minutes is one conditional upsert, so concurrent adds can neither
 * lose minutes nor push a day past its limits, on SQLite and PostgreSQL alike. Every write also
 * moves the language's running totals (user_languages.*_total) in the same transaction, so the
 * dashboard's totals never need a sum over the whole history.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely, type Transaction } from 'kysely';
import { DAILY_SKILL_LIMIT_MINS, DAILY_TOTAL_LIMIT_MINS, SKILLS, type Skill } from '@common/domain';
import type { DailyActivityTable, Database } from './database';
import { prepared, type AtOnce, type Prepared } from './prepared';

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

/** The day as written, or, for an add its limits held back, the day as stored (domain/dayLimits.ts names the limit). */
export type AddResult = { ok: true; day: DayRow } | { ok: false; day: DayRow };

/**
 * The add in one statement: the day is created with the minutes, or its skill raised while the
 * skill's and the day's limits hold (else nothing changes and no row comes back); the day's row
 * comes back either way it was written. One compiled statement per skill.
 */
const addToSkill = Object.fromEntries(
  SKILLS.map((skill) => {
    const stored = sql.ref(`daily_activity.${skill}`);
    const added = sql.ref(`excluded.${skill}`);
    const total = sql`daily_activity.listening + daily_activity.reading + daily_activity.speaking + daily_activity.writing`;
    return [
      skill,
      prepared((db, p: DayKey & { minutes: number }) =>
        db
          .insertInto('daily_activity')
          .values({ user_id: p.userId, language: p.language, date: p.date, listening: 0, reading: 0, speaking: 0, writing: 0, achieved_override: null, [skill]: p.minutes })
          .onConflict((oc) =>
            oc
              .columns(['user_id', 'language', 'date'])
              .doUpdateSet({ [skill]: sql`${stored} + ${added}` })
              .where(sql<boolean>`${stored} + ${added} <= ${DAILY_SKILL_LIMIT_MINS}`)
              .where(sql<boolean>`${total} + ${added} <= ${DAILY_TOTAL_LIMIT_MINS}`),
          )
          .returning(dayColumns),
      ),
    ];
  }),
) as Record<Skill, Prepared<DayKey & { minutes: number }, DayRow>>;

export async function addMinutes(db: Kysely<Database>, key: DayKey, skill: Skill, minutes: number): Promise<AddResult> {
  return db.transaction().execute((trx) => addMinutesIn(trx, key, skill, minutes));
}

/**
 * The add inside a transaction the caller owns (a keyed add stores its answer in the same one).
 * `minutes` are within the skill's limit on their own (the domain checks them first: a new day is
 * written as given); the statement holds the limits against what is stored.
 * `settledDay`: a day the calendar and the insights may already remember (an offline add sent
 * days later) moves the history version, like an edit of a past day.
 */
export async function addMinutesIn(trx: Transaction<Database>, key: DayKey, skill: Skill, minutes: number, { settledDay = false } = {}): Promise<AddResult> {
  // The language's row first (the lock order of every writer), its total already moved: an add
  // is refused far less often than it is made, and a refused one moves the total back.
  if (settledDay) await historyChanged(trx, key);
  else await lockAndCount[skill].run(trx, { userId: key.userId, language: key.language, minutes });
  const [written] = await addToSkill[skill].execute(trx, { ...key, minutes });
  if (written) {
    if (settledDay) await addToTotals(trx, key, { [skill]: minutes });
    return { ok: true as const, day: normaliseDay(written) };
  }
  if (!settledDay) await addToTotals(trx, key, { [skill]: -minutes });
  const day = await findDay(trx, key);
  if (!day) throw new Error('an add that changed nothing found no day');
  return { ok: false as const, day };
}

/**
 * addMinutesIn inside a transaction run at once (db/prepared.ts, atOnce): the same statements in
 * the same order (the language's row first, then the day's), without a turn of the event loop.
 * A settled day (an offline add sent days later) takes the async way.
 */
export function addTodayMinutesAt(tx: AtOnce, key: DayKey, skill: Skill, minutes: number): AddResult {
  lockAndCount[skill].runAt(tx, { userId: key.userId, language: key.language, minutes });
  const [written] = addToSkill[skill].runAt(tx, { ...key, minutes }).rows;
  if (written) return { ok: true as const, day: normaliseDay(written) };
  moveTotals.runAt(tx, { userId: key.userId, language: key.language, ...NO_DELTAS, [skill]: -minutes });
  const [day] = findDayQuery.runAt(tx, key).rows;
  if (!day) throw new Error('an add that changed nothing found no day');
  return { ok: false as const, day: normaliseDay(day) };
}

const NO_DELTAS: Record<Skill, number> = { listening: 0, reading: 0, speaking: 0, writing: 0 };

type DayValues = DayKey & Record<Skill, number>;
const dayValues = (p: DayValues) => ({ listening: p.listening, reading: p.reading, speaking: p.speaking, writing: p.writing });
const writeDay = prepared((db, p: DayValues) =>
  db
    .insertInto('daily_activity')
    .values({ user_id: p.userId, language: p.language, date: p.date, achieved_override: null, ...dayValues(p) })
    .onConflict((oc) => oc.columns(['user_id', 'language', 'date']).doUpdateSet(dayValues(p))),
);
const writeDayAndOverride = prepared((db, p: DayValues & { override: number | null }) =>
  db
    .insertInto('daily_activity')
    .values({ user_id: p.userId, language: p.language, date: p.date, achieved_override: p.override, ...dayValues(p) })
    .onConflict((oc) => oc.columns(['user_id', 'language', 'date']).doUpdateSet({ ...dayValues(p), achieved_override: p.override })),
);

export async function setDay(db: Kysely<Database>, key: DayKey, minutes: Record<Skill, number>, achievedOverride: number | null | undefined): Promise<DayRow> {
  return db.transaction().execute(async (trx) => {
    await historyChanged(trx, key);
    const before = await findDay(trx, key);
    if (achievedOverride === undefined) await writeDay.run(trx, { ...key, ...minutes });
    else await writeDayAndOverride.run(trx, { ...key, ...minutes, override: achievedOverride });
    await addToTotals(trx, key, Object.fromEntries(SKILLS.map((skill) => [skill, minutes[skill] - (before?.[skill] ?? 0)])));
    return (await findDay(trx, key)) as DayRow;
  });
}

/**
 * Writes the language's row before the day's (moving its data_version, which every write of a day,
 * a goal or the rest days does: db/dataVersion.ts), which on PostgreSQL locks it until commit: writers
 * of one learner's language then run one after another, always in the same lock order, so
 * "read the day, write it, move the totals" is exact and two writers can never deadlock.
 * (SQLite runs one write transaction at a time anyway.)
 */
const lockLanguageQuery = prepared((db, p: { userId: number; language: string }) =>
  db.updateTable('user_languages').set({ data_version: sql`data_version + 1` }).where('user_id', '=', p.userId).where('language', '=', p.language),
);

/** lockLanguage that also moves one skill's running total: an add's first statement. */
const lockAndCount = Object.fromEntries(
  SKILLS.map((skill) => {
    const column = sql.ref(`${skill}_total`);
    return [
      skill,
      prepared((db, p: { userId: number; language: string; minutes: number }) =>
        db
          .updateTable('user_languages')
          .set({ data_version: sql`data_version + 1`, [`${skill}_total`]: sql`${column} + ${p.minutes}` })
          .where('user_id', '=', p.userId)
          .where('language', '=', p.language),
      ),
    ];
  }),
) as Record<Skill, Prepared<{ userId: number; language: string; minutes: number }, unknown>>;

export async function lockLanguage(trx: Transaction<Database>, key: Omit<DayKey, 'date'>): Promise<void> {
  await lockLanguageQuery.run(trx, key);
}

/**
 * For writes that may change a day the calendar summary has settled (any day but today): moves
 * the language's history_version, which also takes the language's lock like lockLanguage, so a
 * streak state remembered from before the write is never used again.
 */
const historyChangedQuery = prepared((db, p: { userId: number; language: string }) =>
  db
    .updateTable('user_languages')
    .set({ history_version: sql`history_version + 1`, data_version: sql`data_version + 1` })
    .where('user_id', '=', p.userId)
    .where('language', '=', p.language),
);

export async function historyChanged(trx: Transaction<Database>, key: Omit<DayKey, 'date'>): Promise<void> {
  await historyChangedQuery.run(trx, { userId: key.userId, language: key.language });
}
/** Moves the four running totals by their deltas (zero for a skill that did not change). */
const moveTotals = prepared((db, p: { userId: number; language: string } & Record<Skill, number>) =>
  db
    .updateTable('user_languages')
    .set({
      listening_total: sql<number>`listening_total + ${p.listening}`,
      reading_total: sql<number>`reading_total + ${p.reading}`,
      speaking_total: sql<number>`speaking_total + ${p.speaking}`,
      writing_total: sql<number>`writing_total + ${p.writing}`,
    })
    .where('user_id', '=', p.userId)
    .where('language', '=', p.language),
);

async function addToTotals(trx: Transaction<Database>, key: DayKey, deltas: Partial<Record<Skill, number>>): Promise<void> {
  if (SKILLS.every((skill) => !deltas[skill])) return;
  await moveTotals.run(trx, { userId: key.userId, language: key.language, listening: deltas.listening ?? 0, reading: deltas.reading ?? 0, speaking: deltas.speaking ?? 0, writing: deltas.writing ?? 0 });
}

export type DayRange = { userId: number; language: string; from?: string; to?: string };

/** Up to `limit` days of a range after the date `after` (from the start when undefined), oldest first. */
const daysAfterQuery = prepared((db, p: { userId: number; language: string; from: string; to: string; after: string; limit: number }) =>
  db
    .selectFrom('daily_activity')
    .select(dayColumns)
    .where('user_id', '=', p.userId)
    .where('language', '=', p.language)
    .where('date', '>=', p.from)
    .where('date', '<=', p.to)
    .where('date', '>', p.after)
    .orderBy('date')
    .limit(p.limit),
);

export async function daysAfter(db: Kysely<Database>, key: DayRange, after: string | undefined, limit: number): Promise<DayRow[]> {
  // One compiled statement for every range: an open end is the bound no ISO date passes.
  const rows = await daysAfterQuery.execute(db, { userId: key.userId, language: key.language, from: key.from ?? '', to: key.to ?? '9999-12-31', after: after ?? '', limit });
  return rows.map(normaliseDay);
}

const DAYS_PER_PAGE = 1000;

/**
 * Every stored day of a language, oldest first, read a page at a time with a turn of the event loop
 * after each: 10,000 days in one query held every other request for about 25 ms (issue #30).
 */
export async function allDays(db: Kysely<Database>, key: Omit<DayKey, 'date'>): Promise<DayRow[]> {
  const days: DayRow[] = [];
  for (let after = ''; ; ) {
    const page = await db.selectFrom('daily_activity').select(dayColumns)
      .where('user_id', '=', key.userId).where('language', '=', key.language).where('date', '>', after)
      .orderBy('date').limit(DAYS_PER_PAGE).execute();
    for (const row of page) days.push(normaliseDay(row));
    await nextTurn();
    if (page.length < DAYS_PER_PAGE) return days;
    after = page[page.length - 1].date;
  }
}

/** Compiled once: the calendar asks for a month's total on every visit. */
const monthTotalQuery = prepared((db, p: { userId: number; language: string; from: string; to: string }) =>
  db
    .selectFrom('daily_activity')
    .select((eb) => eb.fn.sum<number | string | null>(eb(eb(eb('listening', '+', eb.ref('reading')), '+', eb.ref('speaking')), '+', eb.ref('writing'))).as('total'))
    .where('user_id', '=', p.userId)
    .where('language', '=', p.language)
    .where('date', '>=', p.from)
    .where('date', '<=', p.to),
);

/** The minutes of a language from `from` to `to`, both included. */
export async function monthTotal(db: Kysely<Database>, p: { userId: number; language: string; from: string; to: string }): Promise<number> {
  return Number((await monthTotalQuery.takeFirst(db, p))?.total ?? 0);
}

const firstDateQuery = prepared((db, p: { userId: number; language: string }) =>
  db.selectFrom('daily_activity').select('date').where('user_id', '=', p.userId).where('language', '=', p.language).orderBy('date').limit(1),
);

export async function firstActivityDate(db: Kysely<Database>, key: Omit<DayKey, 'date'>): Promise<string | null> {
  const row = await firstDateQuery.takeFirst(db, { userId: key.userId, language: key.language });
  return row?.date ?? null;
}
