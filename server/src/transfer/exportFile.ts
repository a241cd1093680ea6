/**
 * The export, as text chunks: JSON (one day per line, so a learner can read and diff it) or CSV.
 * Days are read a page at a time and the generator yields to the event loop between pages, so
 * even every day since 2000 in every language never holds other learners' requests up for long.
 */
import type { Kysely } from 'kysely';
import { FIRST_DATE, SKILLS } from '@common/domain';
import { LINGUALOG_CSV_COLUMNS, type ExportedLanguage, type ExportFile } from '@common/schemas/data';
import { daysAfter } from '../db/activity';
import type { Database } from '../db/database';
import { readDayEndsAtHour } from '../db/dayBoundary';
import { readRestDays } from '../db/restDays';
import { toRecord } from '../domain/activityRecord';
import { byName } from '../domain/languages';
import { goalHistory } from '../db/goals';
import { goalOn } from '../domain/goals';
import { languageSettings, startedLanguageNames } from '../db/languages';
import { userOf } from '../db/users';
import { yieldToLoop } from './plan';

const DAYS_PER_PAGE = 1000;

type Goals = { from: string; minutes: number }[];
// The file is written as text a page at a time, so these two keys are spelt out; tied to the schema's type.
const LANGUAGES_KEY = 'languages' satisfies keyof ExportFile;
const DAYS_KEY = 'days' satisfies keyof ExportedLanguage;
type ExportedDay = ExportedLanguage[typeof DAYS_KEY][number];

async function startedLanguages(db: Kysely<Database>, userId: number): Promise<string[]> {
  return (await startedLanguageNames(db, userId)).sort(byName);
}

/** Every record of one language, oldest first, a page at a time. */
async function* dayPages(db: Kysely<Database>, userId: number, language: string, goals: Goals): AsyncGenerator<ExportedDay[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await daysAfter(db, { userId, language }, after, DAYS_PER_PAGE);
    if (rows.length === 0) return;
    yield rows.map((row) => toRecord(row, goals));
    after = rows[rows.length - 1].date;
    await yieldToLoop();
  }
}

/**
 * The goal history as a file states it: the goal that held "since ever" is written from the
 * earliest date a file may hold (an import treats the first entry as holding since ever again).
 */
function exportedGoals(goals: Goals): ExportedLanguage['goalHistory'] {
  const entries: ExportedLanguage['goalHistory'] = [];
  for (const goal of goals) {
    const from = goal.from < FIRST_DATE ? FIRST_DATE : goal.from;
    if (entries.length > 0 && entries[entries.length - 1].from === from) entries.pop();
    entries.push({ from, dailyGoalMinutes: goal.minutes });
  }
  return entries;
}

export async function* jsonExport(db: Kysely<Database>, userId: number, exportedAt: Date): AsyncGenerator<string> {
  const user = await userOf(db, userId);
  const head: Omit<ExportFile, typeof LANGUAGES_KEY> = {
    format: 'lingualog',
    version: 1,
    exportedAt: exportedAt.toISOString(),
    email: user.email,
    currentLanguage: user.current_language ?? null,
    restDays: await readRestDays(db, userId),
    dayEndsAtHour: await readDayEndsAtHour(db, userId),
  };
  yield `${JSON.stringify(head, null, 2).replace(/\n}$/, `,\n  ${JSON.stringify(LANGUAGES_KEY)}: [`)}`;
  const languages = await startedLanguages(db, userId);
  for (const [index, name] of languages.entries()) {
    const [settings, goals] = await Promise.all([languageSettings(db, userId, name), goalHistory(db, userId, name)]);
    const meta: Omit<ExportedLanguage, typeof DAYS_KEY> = {
      name,
      dailyGoalMinutes: goalOn(goals, '9999-12-31'),
      goalHistory: exportedGoals(goals),
      previousHours: settings.previousHours,
      milestones: settings.milestones,
    };
    const metaLines = Object.entries(meta).map(([key, value]) => `      ${JSON.stringify(key)}: ${JSON.stringify(value)},`);
    yield `${index === 0 ? '' : ','}\n    {\n${metaLines.join('\n')}\n      ${JSON.stringify(DAYS_KEY)}: [`;
    let first = true;
    for await (const records of dayPages(db, userId, name, goals)) {
      yield records.map((record) => `${first ? ((first = false), '') : ','}\n        ${JSON.stringify(record)}`).join('');
    }
    yield `${first ? '' : '\n      '}]\n    }`;
  }
  yield `${languages.length === 0 ? '' : '\n  '}]\n}\n`;
}

/** A spreadsheet runs a cell starting with = + - @ (or a tab or return) as a formula; a leading ' keeps it text. */
export function csvCell(value: string | number | boolean): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function* csvExport(db: Kysely<Database>, userId: number): AsyncGenerator<string> {
  yield `${LINGUALOG_CSV_COLUMNS.join(',')}\r\n`;
  for (const name of await startedLanguages(db, userId)) {
    const goals = await goalHistory(db, userId, name);
    for await (const records of dayPages(db, userId, name, goals)) {
      yield records
        .map((r) => [name, r.date, ...SKILLS.map((skill) => r[`${skill}DailyMins`]), r.achieved].map(csvCell).join(',') + '\r\n')
        .join('');
    }
  }
}
