/** The learner's current language and a language's settings and totals (users, languages, user_languages). */
import type { Kysely, Selectable } from 'kysely';
import { DEFAULT_DAILY_GOAL_MINUTES, DEFAULT_MILESTONES, DEFAULT_PREVIOUS_HOURS, MILESTONE_KEYS, SKILLS, type Milestones, type Skill } from '@common/domain';
import type { Database, UserLanguagesTable } from './database';
import { SINCE_EVER } from './goals';
import { prepared } from './prepared';

const currentLanguageQuery = prepared((db, p: { userId: number }) => db.selectFrom('users').select('current_language').where('id', '=', p.userId));

export async function currentLanguage(db: Kysely<Database>, userId: number): Promise<string | null> {
  const row = await currentLanguageQuery.takeFirst(db, { userId });
  return row?.current_language ?? null;
}

/** Compiled once: every read naming ?language= runs it (the insights' and the dashboard's per-language reads). */
const knownLanguageQuery = prepared((db, p: { name: string }) => db.selectFrom('languages').select('name').where('name', '=', p.name));

export async function isKnownLanguage(db: Kysely<Database>, name: string): Promise<boolean> {
  return (await knownLanguageQuery.takeFirst(db, { name })) !== undefined;
}

const startedLanguageQuery = prepared((db, p: { userId: number; name: string }) =>
  db.selectFrom('user_languages').select('language').where('user_id', '=', p.userId).where('language', '=', p.name),
);

/** Whether the learner has ever chosen `name` (a write naming ?language= needs it). */
export async function hasStartedLanguage(db: Kysely<Database>, userId: number, name: string): Promise<boolean> {
  return (await startedLanguageQuery.takeFirst(db, { userId, name })) !== undefined;
}

/** Every language a learner may pick. */
export async function offeredLanguages(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom('languages').select('name').execute()).map((r) => r.name);
}

/** Makes `name` the current language; the first pick starts it with the defaults. */
export async function chooseLanguage(db: Kysely<Database>, userId: number, name: string, nowMs: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const started = await trx
      .insertInto('user_languages')
      .values({ user_id: userId, language: name, previous_hours: DEFAULT_PREVIOUS_HOURS, ...DEFAULT_MILESTONES, created_at: nowMs })
      .onConflict((oc) => oc.columns(['user_id', 'language']).doNothing())
      .executeTakeFirst();
    if (Number(started.numInsertedOrUpdatedRows ?? 0) > 0) {
      // The default goal has held "since ever", so every past day has a goal to compare against.
      await trx.insertInto('daily_goals').values({ user_id: userId, language: name, effective_from: SINCE_EVER, minutes: DEFAULT_DAILY_GOAL_MINUTES }).execute();
    }
    await trx.updateTable('users').set({ current_language: name }).where('id', '=', userId).execute();
  });
}

export async function startedLanguageNames(db: Kysely<Database>, userId: number): Promise<string[]> {
  return (await db.selectFrom('user_languages').select('language').where('user_id', '=', userId).execute()).map((r) => r.language);
}

type SettingsKey = { userId: number; language: string };

export async function saveMilestones(db: Kysely<Database>, key: SettingsKey, milestones: Milestones): Promise<void> {
  await db.updateTable('user_languages').set(milestones).where('user_id', '=', key.userId).where('language', '=', key.language).execute();
}

export async function savePreviousHours(db: Kysely<Database>, key: SettingsKey, previousHours: number): Promise<void> {
  await db.updateTable('user_languages').set({ previous_hours: previousHours }).where('user_id', '=', key.userId).where('language', '=', key.language).execute();
}

export interface LanguageSettings {
  previousHours: number;
  milestones: Milestones;
  /** Minutes per skill over the whole history, from the running totals db/activity.ts keeps. */
  totals: Record<Skill, number>;
}

/**
 * The columns of a language's settings and totals. Only these are read: better-sqlite3 builds every
 * column of a row into its object, and the streak cache's columns would double the cost of the
 * progress read (docs/PERFORMANCE.md, issue #10).
 */
const SETTINGS_COLUMNS = ['language', 'previous_hours', ...MILESTONE_KEYS, 'listening_total', 'reading_total', 'speaking_total', 'writing_total'] as const;
type SettingsRow = Pick<Selectable<UserLanguagesTable>, (typeof SETTINGS_COLUMNS)[number]>;

/** A language's settings and totals, or the defaults (and zeros) for a language this user has not started. */
const settingsQuery = prepared((db, p: { userId: number; language: string }) =>
  db.selectFrom('user_languages').select(SETTINGS_COLUMNS).where('user_id', '=', p.userId).where('language', '=', p.language),
);

export async function languageSettings(db: Kysely<Database>, userId: number, language: string | null): Promise<LanguageSettings> {
  return settingsFromRow(language ? await settingsQuery.takeFirst(db, { userId, language }) : undefined);
}

/** Every language the user has started, with its settings and totals: one query for the progress read. */
export const startedLanguagesQuery = prepared((db, p: { userId: number }) => db.selectFrom('user_languages').select(SETTINGS_COLUMNS).where('user_id', '=', p.userId));

export function settingsFromRow(row: SettingsRow | undefined): LanguageSettings {
  if (!row) return { previousHours: DEFAULT_PREVIOUS_HOURS, milestones: { ...DEFAULT_MILESTONES }, totals: { listening: 0, reading: 0, speaking: 0, writing: 0 } };
  const milestones = Object.fromEntries(MILESTONE_KEYS.map((k) => [k, Number(row[k])])) as Milestones;
  const totals = Object.fromEntries(SKILLS.map((skill) => [skill, Number(row[`${skill}_total`])])) as Record<Skill, number>;
  return { previousHours: Number(row.previous_hours), milestones, totals };
}
