/**
 * Turns a checked ImportPlan into the rows to write (db/importWrites.ts writes them in one
 * transaction), or only counts them for a dry run. Languages go in name order, like every other
 * writer's locks, so two writers never deadlock.
 */
import type { Kysely } from 'kysely';
import { SKILLS } from '@common/domain';
import type { ImportAnswer, ImportMode } from '@common/schemas/data';
import { allDays, type DayRow } from '../db/activity';
import type { Database } from '../db/database';
import { writeImport } from '../db/importWrites';
import { addDaysIso } from '@common/buckets';
import { byName } from '../domain/languages';
import { goalHistory } from '../db/goals';
import { goalOn } from '../domain/goals';
import { totalOf } from '../domain/activityRecord';
import { yieldToLoop, type DayImport, type ImportPlan, type LanguageImport } from './plan';

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

  const languages = changes.map((c) => ({ language: c.name, settings: c.plan.settings, writes: c.writes }));
  await writeImport(db, { userId: options.userId, now: options.now, replace: options.mode === 'replace', languages, restDays: plan.restDays, dayEndsAtHour: plan.dayEndsAtHour, currentLanguage: plan.currentLanguage });
  return answer;
}

async function changesOf(db: Kysely<Database>, name: string, language: LanguageImport, options: ImportOptions): Promise<LanguageChanges> {
  const rows = await allDays(db, { userId: options.userId, language: name });
  const existing = new Map(rows.map((row) => [row.date, row]));
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
