/**
 * Turns a checked ImportPlan into database changes, or only counts them for a dry run. Every
 * write happens in one transaction: the language rows are locked first (in name order, like every
 * other writer, so two writers never deadlock), days are written in batches, and each language's
 * running totals are summed again from its days at the end, so they stay exact whatever changed.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { DEFAULT_DAILY_GOAL_MINUTES, DEFAULT_MILESTONES, DEFAULT_PREVIOUS_HOURS, SKILLS, type Skill } from '@common/domain';
import type { ImportAnswer, ImportMode } from '@common/schemas/data';
import { dayColumns, historyChanged, normaliseDay, type DayRow } from '../db/activity';
import type { Database } from '../db/database';
import { writeRestDays } from '../db/restDays';
import { addDaysIso } from '@common/buckets';
import { byName } from '../domain/languages';
import { goalHistory } from '../db/goals';
import { goalOn } from '../domain/goals';
import { totalOf } from '../domain/activityRecord';
import { yieldToLoop, type DayImport, type ImportPlan, type LanguageImport } from './plan';

const SINCE_EVER = '0000-01-01';
const ROWS_PER_BATCH = 500;
const DAYS_PER_SLICE = 2000;

interface LanguageChanges {
  name: string;
  plan: LanguageImport;
  /** The rows to write: new days and days whose minutes or achieved answer change. */
  writes: DayRow[];
  replacedDays: number;
}

export interface ImportOptions {
  userId: number;
  mode: ImportMode;
  dryRun: boolean;
  /** The server's UTC date: a file's "achieved" is not kept for a day that may still be today somewhere. */
  today: string;
  now: number;
}

export async function applyImport(db: Kysely<Database>, plan: ImportPlan, options: ImportOptions): Promise<ImportAnswer> {
  const names = [...plan.languages.keys()].sort(byName);
  const changes: LanguageChanges[] = [];
  for (const name of names) changes.push(await changesOf(db, name, plan.languages.get(name) as LanguageImport, options));
  const fileDays = names.flatMap((name) => [...(plan.languages.get(name) as LanguageImport).days.values()]);
  const answer: ImportAnswer = {
    dryRun: options.dryRun,
    languages: names,
    days: fileDays.length,
    minutes: fileDays.reduce((sum, day) => sum + totalOf(day.minutes), 0),
    replacedDays: changes.reduce((sum, c) => sum + c.replacedDays, 0),
  };
  if (options.dryRun) return answer;

  await db.transaction().execute(async (trx) => {
    for (const change of changes) await writeLanguage(trx, change, options);
    if (plan.restDays) await writeRestDays(trx, options.userId, plan.restDays);
    const user = await trx.selectFrom('users').select('current_language').where('id', '=', options.userId).executeTakeFirst();
    if (user && !user.current_language && names.length > 0) {
      const current = plan.currentLanguage && names.includes(plan.currentLanguage) ? plan.currentLanguage : names[0];
      await trx.updateTable('users').set({ current_language: current }).where('id', '=', options.userId).execute();
    }
  });
  return answer;
}

async function changesOf(db: Kysely<Database>, name: string, language: LanguageImport, options: ImportOptions): Promise<LanguageChanges> {
  const rows = await db
    .selectFrom('daily_activity')
    .select(dayColumns)
    .where('user_id', '=', options.userId)
    .where('language', '=', name)
    .execute();
  const existing = new Map(rows.map((row) => [row.date, normaliseDay(row)]));
  const goals = language.settings?.goalHistory ?? (await goalHistory(db, options.userId, name));
  const writes: DayRow[] = [];
  let replacedDays = 0;
  for (const day of language.days.values()) {
    if (writes.length % DAYS_PER_SLICE === DAYS_PER_SLICE - 1) await yieldToLoop();
    const before = existing.get(day.date);
    const row = { date: day.date, ...day.minutes, achieved_override: overrideOf(day, before, goals, options) };
    const same = before && SKILLS.every((skill) => before[skill] === row[skill]) && before.achieved_override === row.achieved_override;
    if (!same || options.mode === 'replace') writes.push(row);
    if (before && !same) replacedDays += 1;
  }
  if (options.mode === 'replace') replacedDays += rows.filter((row) => !language.days.has(row.date)).length;
  return { name, plan: language, writes, replacedDays };
}

/**
 * The stored "achieved" answer: null when the file's answer is what the minutes and goal give
 * anyway (so a round trip stores exactly what was there), the file's answer when it differs.
 */
function overrideOf(day: DayImport, before: DayRow | undefined, goals: { from: string; minutes: number }[], options: ImportOptions): number | null {
  if (day.achieved === undefined) return options.mode === 'merge' ? (before?.achieved_override ?? null) : null;
  if (day.date >= addDaysIso(options.today, -1)) return null;
  const reached = totalOf(day.minutes) >= goalOn(goals, day.date);
  return day.achieved === reached ? null : day.achieved ? 1 : 0;
}

async function writeLanguage(trx: Transaction<Database>, change: LanguageChanges, options: ImportOptions): Promise<void> {
  const { userId } = options;
  const language = change.name;
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

  const settings = change.plan.settings;
  if (settings) {
    await trx.updateTable('user_languages').set({ previous_hours: settings.previousHours, ...settings.milestones })
      .where('user_id', '=', userId).where('language', '=', language).execute();
    await trx.deleteFrom('daily_goals').where('user_id', '=', userId).where('language', '=', language).execute();
    await trx.insertInto('daily_goals')
      .values(settings.goalHistory.map((g) => ({ user_id: userId, language, effective_from: g.from, minutes: g.minutes })))
      .execute();
  } else if (isNew) {
    await trx.insertInto('daily_goals').values({ user_id: userId, language, effective_from: SINCE_EVER, minutes: DEFAULT_DAILY_GOAL_MINUTES }).execute();
  }

  if (options.mode === 'replace') await trx.deleteFrom('daily_activity').where('user_id', '=', userId).where('language', '=', language).execute();
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
    await yieldToLoop();
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
