/**
 * Helpers every data route shares: which language a call is about, the server's idea of
 * "today", and the per-language settings with their defaults.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { DEFAULT_DAILY_GOAL_MINUTES, DEFAULT_MILESTONES, DEFAULT_PREVIOUS_HOURS, isIsoDate, MILESTONE_KEYS, SKILLS, type Milestones, type Skill } from '@common/domain';
import type { Database, UserLanguagesTable } from '../db/database';
import { prepared } from '../db/prepared';
import { ApiHttpError } from '../plugins/errors';
import type { Account } from '../plugins/sessionQueries';

const DAY_MS = 24 * 60 * 60 * 1000;

export function utcToday(app: FastifyInstance): string {
  return app.now().toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Rejects dates that match YYYY-MM-DD but do not exist, such as 2025-02-30. */
export function checkRealDate(date: string, field = 'date'): void {
  if (!isIsoDate(date)) throw new ApiHttpError(400, 'INVALID_INPUT', `Field "${field}" must be a real calendar date written YYYY-MM-DD.`);
}

/** The earliest date a client may write (contract, second edition: tightened rules). */
export const FIRST_DATE = '2000-01-01';

/** Rejects unreal dates, dates before FIRST_DATE and dates after every learner's today. */
export function checkDate(app: FastifyInstance, date: string, field = 'date'): void {
  checkRealDate(date, field);
  if (date < FIRST_DATE) throw new ApiHttpError(400, 'INVALID_INPUT', `Field "${field}" must be on or after ${FIRST_DATE}.`);
  if (date > addDays(utcToday(app), 1)) throw new ApiHttpError(400, 'FUTURE_DATE', 'That day has not started yet anywhere; you can only log days up to today.');
}

/** A date is "today" for some learner when it lies within one day of the server's UTC date. */
export function isPlausibleToday(app: FastifyInstance, date: string): boolean {
  const today = utcToday(app);
  return date >= addDays(today, -1) && date <= addDays(today, 1);
}

const currentLanguageQuery = prepared((db, p: { userId: number }) => db.selectFrom('users').select('current_language').where('id', '=', p.userId));

export async function currentLanguage(db: Kysely<Database>, userId: number): Promise<string | null> {
  const row = await currentLanguageQuery.takeFirst(db, { userId });
  return row?.current_language ?? null;
}

/** Compiled once: every read naming ?language= runs it (the insights' and the dashboard's per-language reads). */
const knownLanguageQuery = prepared((db, p: { name: string }) => db.selectFrom('languages').select('name').where('name', '=', p.name));

export async function assertKnownLanguage(db: Kysely<Database>, name: string): Promise<void> {
  const row = await knownLanguageQuery.takeFirst(db, { name });
  if (!row) throw new ApiHttpError(400, 'UNKNOWN_LANGUAGE', `"${name}" is not a language we offer.`);
}

/**
 * The language a read is about: ?language=X when given, else the current one (null before any is
 * chosen). `account`, when given, is the user's row read with the session in this request: one query less.
 */
export async function languageForRead(app: FastifyInstance, userId: number, requested: string | undefined, account?: Account | null): Promise<string | null> {
  if (requested === undefined) return account ? account.currentLanguage : currentLanguage(app.db, userId);
  await assertKnownLanguage(app.db, requested);
  return requested;
}

export async function languageForWrite(app: FastifyInstance, userId: number, account?: Account | null): Promise<string> {
  const language = account ? account.currentLanguage : await currentLanguage(app.db, userId);
  if (!language) throw new ApiHttpError(409, 'NO_LANGUAGE', 'Choose a language to continue.');
  return language;
}

export interface LanguageSettings {
  previousHours: number;
  milestones: Milestones;
  /** Minutes per skill over the whole history, from the running totals db/activity.ts keeps. */
  totals: Record<Skill, number>;
}

/** Language names in one (English) order whatever the database's collation. One collator: localeCompare with a locale builds one per call. */
export const byName = new Intl.Collator('en').compare;

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

/** The goal in force on a date: the latest change made on or before it, else the first goal ever set. */
/** The whole goal history of a language, oldest first: for export and import, which need every entry. */
export const goalHistory = (db: Kysely<Database>, userId: number, language: string): Promise<GoalEntry[]> =>
  goalsInForce(db, userId, language, '0000-01-01', '9999-12-31');

export function goalOn(goals: readonly GoalEntry[], date: string): number {
  let minutes = goals[0]?.minutes ?? DEFAULT_DAILY_GOAL_MINUTES;
  for (const entry of goals) {
    if (entry.from > date) break;
    minutes = entry.minutes;
  }
  return minutes;
}

/** For calls without a body: a body sent anyway is a client mistake worth reporting. */
export async function rejectBody(request: FastifyRequest): Promise<void> {
  if (request.body !== undefined) throw new ApiHttpError(400, 'INVALID_INPUT', 'This call takes no request body.');
}
