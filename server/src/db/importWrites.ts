/**
 * Writes an import in one transaction: the language rows are locked first (in the order given,
 * name order like every other writer, so two writers never deadlock), days are written in
 * batches, and each language's running totals are summed again from its days at the end, so
 * they stay exact whatever changed.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import { DEFAULT_DAILY_GOAL_MINUTES, DEFAULT_MILESTONES, DEFAULT_PREVIOUS_HOURS, type Milestones, type Skill } from '@common/domain';
import type { RestDays } from '@common/schemas/restDays';
import { historyChanged, type DayRow } from './activity';
import type { Database } from './database';
import { SINCE_EVER, type GoalEntry } from './goals';
import { saveDayEndsAtHour } from './dayBoundary';
import { allLanguagesChanged, writeRestDays } from './restDays';

/** Rows a statement: a few milliseconds each, and other requests run between them (issue #30). */
const ROWS_PER_BATCH = 100;

export interface LanguageWrite {
  language: string;
  /** Replaces the language's settings and whole goal history when given. */
  settings?: { previousHours: number; milestones: Milestones; goalHistory: GoalEntry[] };
  /** The day rows to insert or overwrite. */
  writes: DayRow[];
}

export interface ImportWrite {
  userId: number;
  now: number;
  /** Deletes each language's days before writing its rows. */
  replace: boolean;
  languages: LanguageWrite[];
  restDays?: RestDays;
  dayEndsAtHour?: number;
  /** The current language to set when the user has none yet (else the first written). */
  currentLanguage?: string | null;
}

/** When the import must stop: `signal` aborts at `at` (epoch milliseconds). */
export interface Deadline {
  signal: AbortSignal;
  at: number;
}

/**
 * The deadline is checked between batches and once more before COMMIT: a throw inside the
 * transaction rolls it back, so an import stopped by its deadline leaves nothing behind. On
 * PostgreSQL a single statement is also cancelled by the database when the time is up.
 */
export async function writeImport(db: Kysely<Database>, write: ImportWrite, deadline: Deadline): Promise<void> {
  const names = write.languages.map((l) => l.language);
  deadline.signal.throwIfAborted();
  await db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      const leftMs = Math.max(1, Math.ceil(deadline.at - Date.now()));
      await sql.raw(`set local statement_timeout = ${leftMs}`).execute(trx);
    }
    if (write.restDays) await allLanguagesChanged(trx, write.userId);
    for (const change of write.languages) await writeLanguage(trx, change, write, deadline.signal);
    if (write.restDays) await writeRestDays(trx, write.userId, write.restDays);
    if (write.dayEndsAtHour !== undefined) await saveDayEndsAtHour(trx, write.userId, write.dayEndsAtHour);
    const user = await trx.selectFrom('users').select('current_language').where('id', '=', write.userId).executeTakeFirst();
    if (user && !user.current_language && names.length > 0) {
      const current = write.currentLanguage && names.includes(write.currentLanguage) ? write.currentLanguage : names[0];
      await trx.updateTable('users').set({ current_language: current }).where('id', '=', write.userId).execute();
    }
    deadline.signal.throwIfAborted();
  });
}

async function writeLanguage(trx: Transaction<Database>, change: LanguageWrite, options: ImportWrite, signal: AbortSignal): Promise<void> {
  const { userId, language } = { userId: options.userId, language: change.language };
  const started = await trx
    .insertInto('user_languages')
    .values({ user_id: userId, language, previous_hours: DEFAULT_PREVIOUS_HOURS, ...DEFAULT_MILESTONES, created_at: options.now })
    .onConflict((oc) => oc.columns(['user_id', 'language']).doNothing())
    .executeTakeFirst();
  const isNew = Number(started.numInsertedOrUpdatedRows ?? 0) > 0;
  // Locks the language row (PostgreSQL) before its days, in the same order as every other writer.
  await trx.updateTable('user_languages').set({ listening_total: sql`listening_total` }).where('user_id', '=', userId).where('language', '=', language).execute();
  // Past days and goals change: a streak remembered for this language no longer holds (db/activity.ts).
  await historyChanged(trx, { userId, language });

  const settings = change.settings;
  if (settings) {
    await trx.updateTable('user_languages').set({ previous_hours: settings.previousHours, ...settings.milestones })
      .where('user_id', '=', userId).where('language', '=', language).execute();
    await trx.deleteFrom('daily_goals').where('user_id', '=', userId).where('language', '=', language).execute();
    // In batches like the days: one statement for a goal history of one entry a day since 2000
    // (~9,800 entries, four values each) passed SQLite's 32,766 bound parameters and answered 500.
    for (let at = 0; at < settings.goalHistory.length; at += ROWS_PER_BATCH) {
      const batch = settings.goalHistory.slice(at, at + ROWS_PER_BATCH);
      await trx.insertInto('daily_goals')
        .values(batch.map((g) => ({ user_id: userId, language, effective_from: g.from, minutes: g.minutes })))
        .execute();
      await nextTurn();
      signal.throwIfAborted();
    }
  } else if (isNew) {
    await trx.insertInto('daily_goals').values({ user_id: userId, language, effective_from: SINCE_EVER, minutes: DEFAULT_DAILY_GOAL_MINUTES }).execute();
  }

  if (options.replace) await trx.deleteFrom('daily_activity').where('user_id', '=', userId).where('language', '=', language).execute();
  for (let at = 0; at < change.writes.length; at += ROWS_PER_BATCH) {
    const batch = change.writes.slice(at, at + ROWS_PER_BATCH).map((row) => ({ user_id: userId, language, ...row }));
    await trx
      .insertInto('daily_activity')
      .values(batch)
      .onConflict((oc) =>
        oc.columns(['user_id', 'language', 'date']).doUpdateSet((eb) => ({
          listening: eb.ref('excluded.listening'),
          reading: eb.ref('excluded.reading'),
          speaking: eb.ref('excluded.speaking'),
          writing: eb.ref('excluded.writing'),
          achieved_override: eb.ref('excluded.achieved_override'),
        })),
      )
      .execute();
    await nextTurn();
    signal.throwIfAborted();
  }
  await recomputeTotals(trx, userId, language);
}

async function recomputeTotals(trx: Transaction<Database>, userId: number, language: string): Promise<void> {
  const sumOf = (skill: Skill) =>
    sql<number>`(select coalesce(sum(${sql.ref(skill)}), 0) from daily_activity d where d.user_id = ${userId} and d.language = ${language})`;
  await trx
    .updateTable('user_languages')
    .set({ listening_total: sumOf('listening'), reading_total: sumOf('reading'), speaking_total: sumOf('speaking'), writing_total: sumOf('writing') })
    .where('user_id', '=', userId)
    .where('language', '=', language)
    .execute();
}
