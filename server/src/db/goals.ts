/** A language's goal history: the rows of daily_goals. */
import { sql, type Kysely } from 'kysely';
import { historyChanged, lockLanguage } from './activity';
import type { Database } from './database';
import { prepared, type AtOnce } from './prepared';

export type GoalEntry = { from: string; minutes: number };

/** The `effective_from` of the goal a language starts with, which holds for every day before a change. */
export const SINCE_EVER = '0000-01-01';

/**
 * The goal entries that decide achievement on the days `from`..`to`, oldest first: the one in
 * force on `from` (or, before any entry, the first ever, which holds for earlier days) and the
 * changes after it up to `to`. Reads only those rows, however long the goal history is.
 */
/** One compiled statement: the entry in force on `from` (the newest at or before it) and every change after it up to `to`. */
const inForceQuery = prepared((db, p: { userId: number; language: string; from: string; to: string }) =>
  db
    .selectFrom('daily_goals')
    .select(['effective_from', 'minutes'])
    .where('user_id', '=', p.userId)
    .where('language', '=', p.language)
    .where('effective_from', '<=', p.to)
    .where(
      sql<boolean>`effective_from >= coalesce((SELECT max(g.effective_from) FROM daily_goals g WHERE g.user_id = ${p.userId} AND g.language = ${p.language} AND g.effective_from <= ${p.from}), '')`,
    )
    .orderBy('effective_from'),
);
const firstGoalQuery = prepared((db, p: { userId: number; language: string }) =>
  db.selectFrom('daily_goals').select(['effective_from', 'minutes']).where('user_id', '=', p.userId).where('language', '=', p.language).orderBy('effective_from').limit(1),
);

export async function goalsInForce(db: Kysely<Database>, userId: number, language: string, from: string, to: string): Promise<GoalEntry[]> {
  let rows = await inForceQuery.execute(db, { userId, language, from, to });
  // Every language starts with a goal "since ever"; only data from before that rule can lack one
  // at or before `to`, and then its first entry holds for the earlier days.
  if (rows.length === 0) rows = await firstGoalQuery.execute(db, { userId, language });
  return rows.map((r) => ({ from: r.effective_from, minutes: Number(r.minutes) }));
}

/** goalsInForce inside a transaction run at once (db/prepared.ts, atOnce). */
export function goalsInForceAt(tx: AtOnce, userId: number, language: string, from: string, to: string): GoalEntry[] {
  let rows = inForceQuery.runAt(tx, { userId, language, from, to }).rows;
  if (rows.length === 0) rows = firstGoalQuery.runAt(tx, { userId, language }).rows;
  return rows.map((r) => ({ from: r.effective_from, minutes: Number(r.minutes) }));
}

/** The whole goal history of a language, oldest first: for export and import, which need every entry. */
export const goalHistory = (db: Kysely<Database>, userId: number, language: string): Promise<GoalEntry[]> =>
  goalsInForce(db, userId, language, SINCE_EVER, '9999-12-31');

/** The newest entry's minutes: a learner ahead of UTC may already have set a goal from "tomorrow". */
export async function newestGoal(db: Kysely<Database>, userId: number, language: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('daily_goals')
    .select('minutes')
    .where('user_id', '=', userId)
    .where('language', '=', language)
    .orderBy('effective_from', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.minutes) : undefined;
}

/** The goal from `date` on: replaces the entries from that date. */
export async function setGoalFrom(db: Kysely<Database>, key: { userId: number; language: string }, date: string, minutes: number): Promise<void> {
  const { userId, language } = key;
  await db.transaction().execute(async (trx) => {
    // Today's achievement follows the goal: the language's data_version moves with every goal change.
    await lockLanguage(trx, key);
    // Before any day of the language is logged, a saved goal is the learner's first choice (the one
    // onboarding asks for): it replaces the default picked with the language, so it holds for every
    // earlier day too, as the README promises, instead of leaving those days judged against 30.
    const logged = await trx.selectFrom('daily_activity').select('date').where('user_id', '=', userId).where('language', '=', language).limit(1).executeTakeFirst();
    if (!logged) {
      await historyChanged(trx, key);
      await trx.deleteFrom('daily_goals').where('user_id', '=', userId).where('language', '=', language).execute();
      await trx.insertInto('daily_goals').values({ user_id: userId, language, effective_from: SINCE_EVER, minutes }).execute();
      return;
    }
    // The first goal also holds for every day before it. Every language starts with one "since ever", but
    // a history stored before that rule may have none before today: the new entry then changes the goal of
    // settled days, so what the calendar and the insights remember of them no longer holds (db/activity.ts).
    const earlier = await trx
      .selectFrom('daily_goals')
      .select('effective_from')
      .where('user_id', '=', userId)
      .where('language', '=', language)
      .where('effective_from', '<', date)
      .limit(1)
      .executeTakeFirst();
    if (!earlier) await historyChanged(trx, key);
    await trx.deleteFrom('daily_goals').where('user_id', '=', userId).where('language', '=', language).where('effective_from', '>=', date).execute();
    await trx.insertInto('daily_goals').values({ user_id: userId, language, effective_from: date, minutes }).execute();
  });
}
