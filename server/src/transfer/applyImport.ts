/**
 * Turns a checked ImportPlan into the rows to write (db/importWrites.ts writes them in one
 * transaction), or only counts them for a dry run. Languages go in name order, like every other
 * writer's locks, so two writers never deadlock.
 */
import type { Kysely } from 'kysely';
import { SKILLS, type Skill } from '@common/domain';
import type { ImportAnswer, ImportMode } from '@common/schemas/data';
import { allDays, type DayRow } from '../db/activity';
import type { Database } from '../db/database';
import { writeImport, type Deadline } from '../db/importWrites';
import { addDaysIso } from '@common/buckets';
import { byName } from '../domain/languages';
import { goalHistory } from '../db/goals';
import { goalOn } from '../domain/goals';
import { storedMark, totalOf } from '../domain/activityRecord';
import { markFor } from '@common/achieved';
import { minutesProblem, yieldToLoop, type DayImport, type ImportPlan, type LanguageImport, type Problems } from './plan';

/** Days compared with the stored ones between turns of the event loop: a few milliseconds each (issue #30). */
const DAYS_PER_SLICE = 500;

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
  /** Aborts the import: nothing is written once it fires (db/importWrites.ts rolls back). */
  deadline: Deadline;
}

/** The answer, or null when a merged day would break a daily limit (listed in `problems`; nothing is written). */
export async function applyImport(db: Kysely<Database>, plan: ImportPlan, options: ImportOptions, problems: Problems): Promise<ImportAnswer | null> {
  const names = [...plan.languages.keys()].sort(byName);
  const changes: LanguageChanges[] = [];
  options.deadline.signal.throwIfAborted();
  for (const name of names) changes.push(await changesOf(db, name, plan.languages.get(name) as LanguageImport, options, problems));
  if (problems.any) return null;
  const fileDays = names.flatMap((name) => [...(plan.languages.get(name) as LanguageImport).days.values()]);
  const answer: ImportAnswer = {
    dryRun: options.dryRun,
    languages: names,
    days: fileDays.length,
    minutes: fileDays.reduce((sum, day) => sum + totalOf(day.minutes), 0),
    replacedDays: changes.reduce((sum, c) => sum + c.replacedDays, 0),
    ...(plan.skippedEntries === undefined ? {} : { skippedEntries: plan.skippedEntries }),
  };
  if (options.dryRun) return answer;

  const languages = changes.map((c) => ({ language: c.name, settings: c.plan.settings, writes: c.writes }));
  const write = { userId: options.userId, now: options.now, replace: options.mode === 'replace', languages, restDays: plan.restDays, dayEndsAtHour: plan.dayEndsAtHour, currentLanguage: plan.currentLanguage };
  await writeImport(db, write, options.deadline);
  return answer;
}

/**
 * A day's minutes after the import: the file's; in a merge of a file that names only some skills
 * (Toggl), the file's minutes for those skills and the stored minutes for the others.
 */
function mergedMinutes(day: DayImport, before: DayRow | undefined, mode: ImportMode): Record<Skill, number> {
  const only = day.skills;
  if (mode !== 'merge' || !only || !before) return day.minutes;
  return Object.fromEntries(SKILLS.map((skill) => [skill, only.includes(skill) ? day.minutes[skill] : before[skill]])) as Record<Skill, number>;
}

async function changesOf(db: Kysely<Database>, name: string, language: LanguageImport, options: ImportOptions, problems: Problems): Promise<LanguageChanges> {
  const rows = await allDays(db, { userId: options.userId, language: name });
  const existing = new Map(rows.map((row) => [row.date, row]));
  const goals = language.settings?.goalHistory ?? (await goalHistory(db, options.userId, name));
  const writes: DayRow[] = [];
  let replacedDays = 0;
  let seen = 0;
  for (const day of language.days.values()) {
    // Counted over the days seen, not the rows to write: a file that changes nothing still yields.
    if (++seen % DAYS_PER_SLICE === 0) {
      await yieldToLoop();
      options.deadline.signal.throwIfAborted();
    }
    const before = existing.get(day.date);
    const minutes = mergedMinutes(day, before, options.mode);
    const over = minutes === day.minutes ? null : minutesProblem(day.date, minutes);
    if (over) problems.add(day.line ?? 0, `${over} (with the minutes already logged in the skills this file does not name)`);
    const row = { date: day.date, ...minutes, achieved_override: overrideOf({ ...day, minutes }, before, goals, options) };
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
  return storedMark(markFor(day.achieved, totalOf(day.minutes), goalOn(goals, day.date)));
}
