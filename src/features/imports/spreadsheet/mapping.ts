/**
 * The learner's mapping of a spreadsheet's columns to days: which column holds the date and how it
 * is written, where the minutes are (one duration column with a skill, or one column per skill),
 * and optionally the language. Rows of one day and skill are summed; every row that cannot be read
 * is a problem of its line, and the file imports only without problems.
 */
import { DAILY_SKILL_LIMIT_MINS, DAILY_TOTAL_LIMIT_MINS, SKILLS, skillNamed, type Skill } from '@common/domain';
import type { Sheet } from './sheet';

export const DATE_FORMATS = ['iso', 'dmy', 'mdy', 'datetime'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const DURATION_FORMATS = ['minutes', 'hours', 'hms'] as const;
export type DurationFormat = (typeof DURATION_FORMATS)[number];
/** A skill column's value mapped to a skill, or left out. */
export type SkillChoice = Skill | 'skip';

export interface Mapping {
  dateColumn: number;
  dateFormat: DateFormat;
  durationFormat: DurationFormat;
  minutes:
    | { kind: 'single'; column: number; skill: { kind: 'fixed'; skill: Skill } | { kind: 'column'; column: number; values: Record<string, SkillChoice> } }
    | { kind: 'perSkill'; columns: Partial<Record<Skill, number>> };
  /** A column naming each row's language; none: every row goes to the current language. */
  languageColumn: number | null;
}

export type ProblemCode =
  | { code: 'date'; text: string }
  | { code: 'duration'; text: string }
  | { code: 'negative'; text: string }
  | { code: 'tooLong'; text: string }
  | { code: 'skill'; text: string }
  | { code: 'language' }
  | { code: 'dayOverLimit'; date: string };

export interface RowProblem {
  line: number;
  problem: ProblemCode;
}

export interface DayMinutes {
  date: string;
  minutes: Partial<Record<Skill, number>>;
}

export interface MappedSheet {
  /** Days per language ('' for the current language), sorted by date. */
  languages: Map<string, DayMinutes[]>;
  problems: RowProblem[];
  /** Rows left out on purpose: an empty duration, or a skill value mapped to "leave out". */
  skippedRows: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

function validDate(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/** The date a cell holds, written YYYY-MM-DD, or null when the format does not read it. */
export function parseDate(text: string, format: DateFormat): string | null {
  const cell = text.trim();
  if (format === 'iso' || format === 'datetime') {
    const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[T ])/.exec(cell);
    if (iso) return format === 'iso' && cell.length > 10 ? null : validDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    if (format === 'iso') return null;
    // A date-time written the other ways: its date part, day first unless that cannot be.
    const first = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})[ T,]/.exec(cell);
    if (!first) return null;
    return validDate(fullYear(first[3]), Number(first[2]), Number(first[1])) ?? validDate(fullYear(first[3]), Number(first[1]), Number(first[2]));
  }
  const parts = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(cell);
  if (!parts) return null;
  const [a, b] = [Number(parts[1]), Number(parts[2])];
  return format === 'dmy' ? validDate(fullYear(parts[3]), b, a) : validDate(fullYear(parts[3]), a, b);
}

/** A number written with a decimal point or a decimal comma (no thousands separators). */
function decimal(text: string): number | null {
  const cell = text.trim().replace(/\s+/g, '');
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/.test(cell)) return null;
  return Number(cell.replace(',', '.'));
}

export type Duration = { minutes: number } | { problem: 'duration' | 'negative' | 'tooLong' } | { empty: true };

const DAY_MINUTES = 24 * 60;

/** The minutes a cell holds: minutes or hours (decimal point or comma), or H:MM[:SS]. */
export function parseDuration(text: string, format: DurationFormat): Duration {
  const cell = text.trim();
  if (cell === '') return { empty: true };
  let minutes: number | null;
  if (format === 'hms') {
    const hms = /^(-?)(\d{1,4}):([0-5]\d)(?::([0-5]\d))?$/.exec(cell);
    minutes = hms ? (hms[1] ? -1 : 1) * (Number(hms[2]) * 60 + Number(hms[3]) + Number(hms[4] ?? 0) / 60) : null;
  } else {
    const n = decimal(cell);
    minutes = n === null ? null : format === 'hours' ? n * 60 : n;
  }
  if (minutes === null) return { problem: 'duration' };
  if (minutes < 0) return { problem: 'negative' };
  if (minutes > DAY_MINUTES) return { problem: 'tooLong' };
  return { minutes };
}

/** The skill a value names on its own (listening, reading, speaking, writing, or a short form), for a first guess. */
export const guessSkill = (value: string): SkillChoice => skillNamed(value) ?? 'skip';

/** The distinct values of a column, in the order they first appear (at most `limit`). */
export function distinctValues(sheet: Sheet, column: number, limit = 50): string[] {
  const seen = new Set<string>();
  for (const row of sheet.rows) {
    const value = (row.cells[column] ?? '').trim();
    if (value !== '') seen.add(value);
    if (seen.size >= limit) break;
  }
  return [...seen];
}

export function applyMapping(sheet: Sheet, mapping: Mapping, knownLanguage: (name: string) => boolean): MappedSheet {
  const problems: RowProblem[] = [];
  // language -> date -> skill -> minutes (unrounded), and the last line that added to each day.
  const sums = new Map<string, Map<string, { minutes: Partial<Record<Skill, number>>; line: number }>>();
  let skippedRows = 0;

  const add = (language: string, date: string, skill: Skill, minutes: number, line: number) => {
    const days = sums.get(language) ?? new Map();
    sums.set(language, days);
    const day = days.get(date) ?? { minutes: {}, line };
    day.minutes[skill] = (day.minutes[skill] ?? 0) + minutes;
    day.line = line;
    days.set(date, day);
  };

  for (const { line, cells } of sheet.rows) {
    const cell = (column: number) => cells[column] ?? '';
    const date = parseDate(cell(mapping.dateColumn), mapping.dateFormat);
    if (!date) {
      problems.push({ line, problem: { code: 'date', text: cell(mapping.dateColumn) } });
      continue;
    }
    let language = '';
    if (mapping.languageColumn !== null) {
      language = cell(mapping.languageColumn).trim();
      if (!knownLanguage(language)) {
        problems.push({ line, problem: { code: 'language' } });
        continue;
      }
    }
    const entries: [Skill, string][] = [];
    if (mapping.minutes.kind === 'perSkill') {
      for (const skill of SKILLS) {
        const column = mapping.minutes.columns[skill];
        if (column !== undefined) entries.push([skill, cell(column)]);
      }
    } else {
      const source = mapping.minutes.skill;
      const skill: SkillChoice = source.kind === 'fixed' ? source.skill : (source.values[cell(source.column).trim()] ?? 'skip');
      if (skill === 'skip') {
        if (source.kind === 'column' && cell(source.column).trim() !== '' && !(cell(source.column).trim() in source.values)) {
          problems.push({ line, problem: { code: 'skill', text: cell(source.column) } });
        } else skippedRows += 1;
        continue;
      }
      entries.push([skill, cell(mapping.minutes.column)]);
    }
    let read = 0;
    const found: [Skill, number][] = [];
    let bad: ProblemCode | null = null;
    for (const [skill, text] of entries) {
      const duration = parseDuration(text, mapping.durationFormat);
      if ('empty' in duration) continue;
      if ('problem' in duration) {
        bad = { code: duration.problem, text };
        break;
      }
      found.push([skill, duration.minutes]);
      read += 1;
    }
    if (bad) problems.push({ line, problem: bad });
    else if (read === 0) skippedRows += 1;
    else for (const [skill, minutes] of found) add(language, date, skill, minutes, line);
  }

  const languages = new Map<string, DayMinutes[]>();
  for (const [language, days] of sums) {
    const list: DayMinutes[] = [];
    for (const [date, day] of [...days].sort(([a], [b]) => a.localeCompare(b))) {
      const minutes = Object.fromEntries(Object.entries(day.minutes).map(([skill, m]) => [skill, Math.round(m)])) as Partial<Record<Skill, number>>;
      const values = Object.values(minutes);
      if (values.some((m) => m > DAILY_SKILL_LIMIT_MINS) || values.reduce((a, b) => a + b, 0) > DAILY_TOTAL_LIMIT_MINS) {
        problems.push({ line: day.line, problem: { code: 'dayOverLimit', date } });
        continue;
      }
      list.push({ date, minutes });
    }
    languages.set(language, list);
  }
  problems.sort((a, b) => a.line - b.line);
  return { languages, problems, skippedRows };
}

const DATE_WORDS = /date|day|fecha|datum|jour|data|日付|日期/i;
/** Column names that say "duration", strongest first: a Clockify report's "Start Time" must not win over "Duration (h)". */
const DURATION_WORDS = [/duration|dur[ée]e|dauer|durata|duraci[óo]n|dura[çc][ãa]o/i, /minutes|mins?\b|minutos|minuten|minuti|hours|horas|heures|stunden|\bore\b|\(h\)/i, /time|tiempo|temps|zeit|tempo/i];
const SKILL_WORDS = /skill|type|category|activit|actividad|atividade|aktivit|attivit|project|habilidad|compétence|fähigkeit/i;
const LANGUAGE_WORDS = /^(language|idioma|langue|sprache|lingua|língua)$/i;

/** A first mapping from the column names and the first rows, for the learner to correct. */
export function guessMapping(sheet: Sheet): Mapping {
  const names = sheet.columns;
  const find = (words: RegExp) => names.findIndex((n) => words.test(n));
  const sample = sheet.rows.slice(0, 20);
  let dateColumn = find(DATE_WORDS);
  if (dateColumn < 0) dateColumn = Math.max(0, names.findIndex((_, i) => sample.some((r) => DATE_FORMATS.some((f) => parseDate(r.cells[i] ?? '', f)))));
  const firstDate = sample.map((r) => r.cells[dateColumn] ?? '').find((c) => c.trim() !== '') ?? '';
  const dayFirst = sample.some((r) => Number(/^(\d{1,2})[/.-]/.exec(r.cells[dateColumn] ?? '')?.[1]) > 12);
  const monthFirst = sample.some((r) => Number(/^\d{1,2}[/.-](\d{1,2})[/.-]/.exec(r.cells[dateColumn] ?? '')?.[1]) > 12);
  const dateFormat: DateFormat =
    parseDate(firstDate, 'iso') ? 'iso' : parseDate(firstDate, 'datetime') && /\d[ T]\d/.test(firstDate) ? 'datetime' : monthFirst && !dayFirst ? 'mdy' : 'dmy';

  const perSkill: Partial<Record<Skill, number>> = {};
  names.forEach((name, i) => {
    const skill = skillNamed(name.replace(/\s*\(.*\)\s*$/, '').replace(/\s+(minutes|mins?|hours?)$/i, ''));
    if (skill && i !== dateColumn && perSkill[skill] === undefined) perSkill[skill] = i;
  });
  const durationColumn = Math.max(0, DURATION_WORDS.map(find).find((i) => i >= 0 && i !== dateColumn) ?? -1);
  const durationSample = sample.map((r) => r.cells[durationColumn] ?? '').find((c) => c.trim() !== '') ?? '';
  const hoursNamed = /hour|\(h\)|stunden|heures|horas|\bore\b/i.test(names[durationColumn] ?? '');
  const durationFormat: DurationFormat = /^\d+:\d\d/.test(durationSample) ? 'hms' : hoursNamed ? 'hours' : 'minutes';
  const languageColumn = names.findIndex((n) => LANGUAGE_WORDS.test(n.trim()));
  if (Object.keys(perSkill).length > 0) {
    return { dateColumn, dateFormat, durationFormat, minutes: { kind: 'perSkill', columns: perSkill }, languageColumn: languageColumn < 0 ? null : languageColumn };
  }
  const skillColumn = find(SKILL_WORDS);
  const skill =
    skillColumn >= 0
      ? { kind: 'column' as const, column: skillColumn, values: Object.fromEntries(distinctValues(sheet, skillColumn).map((v) => [v, guessSkill(v)])) }
      : { kind: 'fixed' as const, skill: 'listening' as Skill };
  return { dateColumn, dateFormat, durationFormat, minutes: { kind: 'single', column: durationColumn, skill }, languageColumn: languageColumn < 0 ? null : languageColumn };
}

const STORAGE_PREFIX = 'lingualog.sheetMapping:';
const storageKey = (sheet: Sheet) => STORAGE_PREFIX + JSON.stringify(sheet.hasHeader ? sheet.columns : sheet.columns.length);

/** The mapping the learner used last for a file with the same header, if any. */
export function rememberedMapping(sheet: Sheet, storage: Pick<Storage, 'getItem'> = localStorage): Mapping | null {
  try {
    const saved = storage.getItem(storageKey(sheet));
    return saved ? (JSON.parse(saved) as Mapping) : null;
  } catch {
    return null;
  }
}

export function rememberMapping(sheet: Sheet, mapping: Mapping, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(storageKey(sheet), JSON.stringify(mapping));
  } catch {
    // Private mode or a full storage: the mapping is only not remembered.
  }
}
