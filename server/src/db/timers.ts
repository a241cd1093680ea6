/** The running timer, at most one per user (migration 20261125_02; contract, third edition), and the ids of stopped ones (20261126_05). */
import type { Kysely } from 'kysely';
import type { Skill } from '@common/domain';
import { deleteOldest } from './batchDelete';
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

/**
 * Stops the user's timer with this id, if it runs, and keeps its id as stopped in the same
 * transaction (a late retry of its start must not begin it again); stopping twice is harmless.
 * An id that does not run is not kept: it may still be started.
 */
export async function stopTimer(db: Kysely<Database>, userId: number, id: string, nowMs: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const stopped = await trx.deleteFrom('timers').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    if (Number(stopped.numDeletedRows) === 0) return;
    await trx.insertInto('stopped_timers').values({ user_id: userId, id, stopped_at: nowMs }).onConflict((oc) => oc.columns(['user_id', 'id']).doNothing()).execute();
  });
}

export async function wasStopped(db: Kysely<Database>, userId: number, id: string): Promise<boolean> {
  const row = await db.selectFrom('stopped_timers').select('id').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Deletes at most `limit` stopped ids kept since before `before` (epoch ms); answers how many went. */
export async function pruneStoppedTimers(db: Kysely<Database>, before: number, limit: number): Promise<number> {
  return deleteOldest(db, 'stopped_timers', before, limit);
}
