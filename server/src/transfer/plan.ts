/**
 * What every importer turns a file into (an ImportPlan), the problems it collects on the way, and
 * the contract's rules that all three sources share: dates, minutes per skill and day, languages.
 */
import { DAILY_SKILL_LIMIT_MINS, DAILY_TOTAL_LIMIT_MINS, FIRST_DATE, isIsoDate, type Milestones, type Skill } from '@common/domain';
import type { ImportProblem } from '@common/schemas/data';
import type { RestDays } from '@common/schemas/restDays';
import { totalOf } from '../domain/activityRecord';
import { brokenDayLimit } from '../domain/dayLimits';
import { DAY_LIMIT_HOURS } from '@common/dayLimits';

const MAX_PROBLEMS = 100;

export interface DayImport {
  date: string;
  minutes: Record<Skill, number>;
  /** The file's "achieved" answer, when it has one. */
  achieved?: boolean;
  /** The file's line, where the source has lines of its own (CSV). */
  line?: number;
  /**
   * The skills the file has entries for on this day, when it does not speak for all four (Toggl):
   * a merge replaces only these and keeps the day's other skills as stored.
   */
  skills?: readonly Skill[];
}

export interface SettingsImport {
  goalHistory: { from: string; minutes: number }[];
  previousHours: number;
  milestones: Milestones;
}

export interface LanguageImport {
  days: Map<string, DayImport>;
  settings?: SettingsImport;
}

export interface ImportPlan {
  languages: Map<string, LanguageImport>;
  restDays?: RestDays;
  /** "My day ends at"; absent from files exported before it existed, which leave it as it is. */
  dayEndsAtHour?: number;
  /** The language the file was current in, for a learner who has none yet. */
  currentLanguage?: string | null;
  /** Toggl entries left out because they name no skill, when the learner chose to skip them. */
  skippedEntries?: number;
}

export interface ImportContext {
  /** The server's UTC date; the latest date accepted is the day after it (a learner ahead of UTC). */
  today: string;
  latest: string;
  knownLanguages: ReadonlySet<string>;
  /** The request's deadline: a file still being read when it passes is dropped, nothing written (issue #30). */
  signal?: AbortSignal;
}

/** Collects problems, at most MAX_PROBLEMS of them plus a count of the rest, so a broken huge file answers briefly. */
export class Problems {
  readonly list: ImportProblem[] = [];
  private dropped = 0;

  add(line: number, message: string): void {
    if (this.list.length < MAX_PROBLEMS) this.list.push({ line, message });
    else this.dropped += 1;
  }

  get any(): boolean {
    return this.list.length > 0;
  }

  /** The final list, sorted by line, with a last entry counting what was left out. */
  result(): ImportProblem[] {
    const sorted = [...this.list].sort((a, b) => a.line - b.line);
    if (this.dropped > 0) sorted.push({ line: 0, message: `…and ${this.dropped} more problems.` });
    return sorted;
  }
}

export function languageOf(plan: ImportPlan, name: string): LanguageImport {
  let language = plan.languages.get(name);
  if (!language) {
    language = { days: new Map() };
    plan.languages.set(name, language);
  }
  return language;
}

export const notADate = (text: string) => `"${shorten(text)}" is not a date written YYYY-MM-DD.`;

/** A reason the date cannot be imported, or null when it can. */
export function dateProblem(date: string, ctx: ImportContext): string | null {
  if (!isIsoDate(date)) return notADate(date);
  if (date < FIRST_DATE) return `${date} is before ${FIRST_DATE}, the earliest day LinguaLog keeps.`;
  if (date > ctx.latest) return `${date} has not started yet; days can be imported up to today.`;
  return null;
}

export function languageProblem(name: string, ctx: ImportContext): string | null {
  return ctx.knownLanguages.has(name) ? null : `"${shorten(name)}" is not a language LinguaLog offers.`;
}

/** A reason the day's minutes break the daily limits, or null. */
export function minutesProblem(date: string, minutes: Record<Skill, number>): string | null {
  const broken = brokenDayLimit(minutes);
  if (broken === null) return null;
  if (broken === 'total') return `On ${date}, the four skills would hold ${totalOf(minutes)} minutes; a day holds at most ${DAILY_TOTAL_LIMIT_MINS} minutes (${DAY_LIMIT_HOURS.total} hours).`;
  return `On ${date}, ${broken} would hold ${minutes[broken]} minutes; one skill may hold at most ${DAILY_SKILL_LIMIT_MINS} minutes (${DAY_LIMIT_HOURS.skill} hours) a day.`;
}

/** Where text read with the wrong encoding shows: replacement characters or NUL bytes (UTF-16 read as UTF-8). */
export function encodingProblemLine(content: string): number | null {
  // eslint-disable-next-line no-control-regex -- a NUL is exactly what UTF-16 read as UTF-8 leaves behind.
  const at = content.search(/[\uFFFD\u0000]/);
  return at < 0 ? null : lineAt(content, at);
}

export const ENCODING_MESSAGE = 'The file is not UTF-8 text (it has characters that could not be read); save or export it again as UTF-8.';

export function lineAt(content: string, offset: number): number {
  let line = 1;
  for (let i = content.indexOf('\n'); i >= 0 && i < offset; i = content.indexOf('\n', i + 1)) line += 1;
  return line;
}

/** Untrusted text quoted back in a message: short, one line. */
export function shorten(text: string): string {
  const flat = text.replace(/[\r\n\t]+/g, ' ');
  return flat.length > 40 ? `${flat.slice(0, 40)}…` : flat;
}

/** Lets other requests run between slices of a long job, so no request holds the event loop for long. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
