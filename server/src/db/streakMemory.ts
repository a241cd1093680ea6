/**
 * The streak state the calendar summary remembers per user and language (migration
 * 20261123_02_streak_cache): the run and longest run up to a settled day, for one
 * history_version and one set of rest days.
 */
import type { Kysely } from 'kysely';
import type { RunState } from '@common/streakRule';
import type { Database } from './database';
import { prepared } from './prepared';

export interface SavedRun extends RunState {
  /** The last day the state covers. */
  through: string;
}

export interface StreakMemory {
  historyVersion: number;
  /** The remembered state, or null when there is none for this version and these rest days. */
  saved: SavedRun | null;
}

type LanguageKey = { userId: number; language: string };

const memoryQuery = prepared((db, p: LanguageKey) =>
  db
    .selectFrom('user_languages')
    .select(['history_version', 'streak_version', 'streak_through', 'streak_rest', 'streak_run', 'streak_longest'])
    .where('user_id', '=', p.userId)
    .where('language', '=', p.language),
);

export async function readStreakMemory(db: Kysely<Database>, key: LanguageKey, restKey: string): Promise<StreakMemory> {
  const row = await memoryQuery.takeFirst(db, { userId: key.userId, language: key.language });
  const historyVersion = Number(row?.history_version ?? 0);
  const valid = row && row.streak_through !== null && Number(row.streak_version) === historyVersion && row.streak_rest === restKey;
  return {
    historyVersion,
    saved: valid ? { through: row.streak_through as string, run: Number(row.streak_run), longest: Number(row.streak_longest) } : null,
  };
}

/**
 * Remembers `state` only while the history is still at `historyVersion`: an edit of a past day
 * that committed meanwhile moved the version, and the stale state is then never written.
 */
export async function saveStreakMemory(db: Kysely<Database>, key: LanguageKey, historyVersion: number, restKey: string, state: SavedRun): Promise<void> {
  await db
    .updateTable('user_languages')
    .set({ streak_version: historyVersion, streak_through: state.through, streak_rest: restKey, streak_run: state.run, streak_longest: state.longest })
    .where('user_id', '=', key.userId)
    .where('language', '=', key.language)
    .where('history_version', '=', historyVersion)
    .execute();
}
