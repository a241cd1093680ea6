/** The running timer, at most one per user (migration 20261125_02; contract, third edition). */
import type { Kysely } from 'kysely';
import type { Skill } from '@common/domain';
import type { Database, TimersTable } from './database';

export type TimerRow = Omit<TimersTable, 'skill'> & { skill: Skill };

const columns = ['user_id', 'id', 'language', 'skill', 'started_at'] as const;
const normalise = (row: TimersTable): TimerRow => ({ ...row, skill: row.skill as Skill, started_at: Number(row.started_at) });

export async function findTimer(db: Kysely<Database>, userId: number): Promise<TimerRow | null> {
  const row = await db.selectFrom('timers').select(columns).where('user_id', '=', userId).executeTakeFirst();
  return row ? normalise(row) : null;
}

/**
 * Starts `timer` unless one already runs: one INSERT that does nothing on the user's existing
 * row, so two starts racing from two devices leave exactly one timer. Answers the timer that
 * runs afterwards (the new one, or the one that was there).
 */
export async function startTimer(db: Kysely<Database>, timer: TimerRow): Promise<{ started: boolean; running: TimerRow }> {
  const inserted = await db.insertInto('timers').values(timer).onConflict((oc) => oc.column('user_id').doNothing()).executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { started: true, running: timer };
  const running = await findTimer(db, timer.user_id);
  // Stopped between the two statements: the start can take the free place now.
  return running ? { started: false, running } : startTimer(db, timer);
}

/** Stops the user's timer with this id, if it runs; stopping twice is harmless. */
export async function stopTimer(db: Kysely<Database>, userId: number, id: string): Promise<void> {
  await db.deleteFrom('timers').where('user_id', '=', userId).where('id', '=', id).execute();
}
