/** A language's goal history: the rows of daily_goals. */
import type { Kysely } from 'kysely';
import type { Database } from './database';

export type GoalEntry = { from: string; minutes: number };

/**
 * The goal entries that decide achievement on the days `from`..`to`, oldest first: the one in
 * force on `from` (or, before any entry, the first ever, which holds for earlier days) and the
 * changes after it up to `to`. Reads only those rows, however long the goal history is.
 */
export async function goalsInForce(db: Kysely<Database>, userId: number, language: string, from: string, to: string): Promise<GoalEntry[]> {
  const goals = db.selectFrom('daily_goals').select(['effective_from', 'minutes']).where('user_id', '=', userId).where('language', '=', language);
  const [before, within] = await Promise.all([
    goals.where('effective_from', '<=', from).orderBy('effective_from', 'desc').limit(1).executeTakeFirst(),
    goals.where('effective_from', '>', from).where('effective_from', '<=', to).orderBy('effective_from').execute(),
  ]);
  // Every language starts with a goal "since ever", so `before` is there but for data from before that rule.
  const first = before ?? (await goals.orderBy('effective_from').limit(1).executeTakeFirst());
  const rows = first && (within.length === 0 || first.effective_from < within[0].effective_from) ? [first, ...within] : within;
  return rows.map((r) => ({ from: r.effective_from, minutes: Number(r.minutes) }));
}

/** The whole goal history of a language, oldest first: for export and import, which need every entry. */
export const goalHistory = (db: Kysely<Database>, userId: number, language: string): Promise<GoalEntry[]> =>
  goalsInForce(db, userId, language, '0000-01-01', '9999-12-31');
