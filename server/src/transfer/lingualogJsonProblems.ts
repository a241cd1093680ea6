/**
 * What a learner reads when a lingualog-json file does not match the import schema: each Ajv error
 * becomes a sentence about the item a learner can find in the file (a day, a goal entry, a
 * setting), in the words the importer has always used. The rules the schema cannot state (date
 * bounds, limits, order) use the same sentences, so they live here too.
 */
import type { ErrorObject } from 'ajv';
import { SKILL_DAILY_FIELDS } from '@common/domain';
import { breakProblem } from '../domain/restDays';
import { DAY_ENDS_AT_HOUR_MAX } from '@common/schemas/dayBoundary';
import { REST_PERIODS_MAX, REST_WEEKDAYS_MAX } from '@common/schemas/restDays';
import { pointerOf, type Path } from './lingualogJsonSchema';
import { dateProblem, languageProblem, notADate, shorten, type ImportContext } from './plan';

export interface PathProblem {
  path: Path;
  message: string;
}

export const DAILY_GOAL_MESSAGE = 'dailyGoalMinutes must be a multiple of 5 from 5 to 720.';
export const GOAL_ENTRY_MESSAGE = 'A daily goal is a multiple of 5 from 5 to 720 minutes.';
export const PREVIOUS_HOURS_MESSAGE = 'previousHours must be a multiple of 10 from 0 to 2000.';
export const MILESTONES_MESSAGE = 'milestones must be level1 to level6: whole hours, strictly increasing, from 1 to 100000.';
const NAME_MESSAGE = 'Every language needs its "name".';

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const where = (path: Path) => path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('').replace(/^\./, '') || 'the file';
// Ajv's pointers pass only through the schema's own keys (no "/" or "~" to unescape) and array indices.
const pathOf = (pointer: string): Path => pointer.split('/').slice(1).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
const patternOf = (path: Path) => path.map((p) => (typeof p === 'number' ? '*' : p)).join('/');
const valueAt = (root: unknown, path: Path): unknown => path.reduce<unknown>((v, key) => (isObject(v) || Array.isArray(v) ? (v as Record<string, unknown>)[key] : undefined), root);
const dateMessage = (value: unknown, ctx: ImportContext) => {
  const text = typeof value === 'string' ? value : '';
  return dateProblem(text, ctx) ?? notADate(text);
};

/** A rest period's problem: the break rules of POST /rest-days, so a file exported with a planned break imports again. */
export function periodProblem(period: unknown, index: number, today: string): string | null {
  if (!isObject(period) || Object.keys(period).length !== 2) return 'A rest period is {"from", "to"}.';
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return breakProblem({ from: text(period.from), to: text(period.to) }, index + 1, today)?.message ?? null;
}

interface Subject {
  /** The item the sentence is about: the day or goal entry a field belongs to, else the field itself. */
  item: Path;
  /** The field of the item the error is in, if any. */
  field?: string;
  value: unknown;
  owner: unknown;
  ctx: ImportContext;
}
/** The sentence for an item, or null when the rules beyond the schema speak for it. */
type Rule = (s: Subject) => string | null;

/** A day says only its first broken field, in this order, besides its missing and unknown fields. */
const DAY = 'languages/*/days/*';
const DAY_FIELD_ORDER = ['date', ...SKILL_DAILY_FIELDS, 'achieved'];
const dayRule: Rule = ({ item, field, owner, ctx }) => {
  if (field === undefined) return `${where(item)} must be an object.`;
  const date = isObject(owner) && typeof owner.date === 'string' ? owner.date : '';
  // A day is read date first: a date that cannot be imported is its problem, whichever field Ajv names.
  const dateFirst = dateProblem(date, ctx);
  if (dateFirst !== null || field === 'date') return dateFirst ?? notADate(date);
  return field === 'achieved' ? `On ${date}, achieved must be true or false.` : `On ${date}, ${field} must be a whole number of minutes.`;
};

/** Keyed by the item's place in the file, array indices as "*". */
const RULES: Record<string, Rule> = {
  version: () => 'Only version 1 of the LinguaLog export can be imported.',
  currentLanguage: () => 'currentLanguage must be a language name or null.',
  dayEndsAtHour: () => `dayEndsAtHour must be a whole hour from 0 to ${DAY_ENDS_AT_HOUR_MAX}.`,
  restDays: () => 'restDays must be {"weekdays", "periods"}.',
  'restDays/weekdays': () => `Rest weekdays are at most ${REST_WEEKDAYS_MAX} different numbers from 0 (Sunday) to 6.`,
  'restDays/periods': () => `Rest periods are a list of at most ${REST_PERIODS_MAX} {"from", "to"}.`,
  'restDays/periods/*': ({ item, owner, ctx }) => periodProblem(owner, Number(item[2]), ctx.today) ?? 'A rest period is {"from", "to"}.',
  languages: () => '"languages" must be a list.',
  'languages/*': ({ item }) => `${where(item)} must be an object.`,
  'languages/*/name': ({ value, ctx }) => (typeof value === 'string' ? (languageProblem(value, ctx) ?? NAME_MESSAGE) : NAME_MESSAGE),
  // A missing goal is compared with the goal history instead (lingualogJson.ts).
  'languages/*/dailyGoalMinutes': ({ value }) => (value === undefined ? null : DAILY_GOAL_MESSAGE),
  'languages/*/goalHistory': () => '"goalHistory" must be a list.',
  'languages/*/goalHistory/*': ({ field, value, ctx }) => {
    if (field === 'from') return dateMessage(value, ctx);
    return field === 'dailyGoalMinutes' ? GOAL_ENTRY_MESSAGE : 'Each goalHistory entry is {"from", "dailyGoalMinutes"}.';
  },
  'languages/*/previousHours': () => PREVIOUS_HOURS_MESSAGE,
  'languages/*/milestones': () => MILESTONES_MESSAGE,
  'languages/*/days': () => '"days" must be a list.',
  [DAY]: dayRule,
};
/** Items whose sentence covers their own missing and unknown fields (a missing version has its own sentence too). */
const COVERS_ITEM_KEYS = new Set(['languages/*/milestones', 'restDays/periods/*']);

/** The rule for a place: its own, else its parent's (a field of a day, a goal entry, the milestones). */
function ruleFor(path: Path): { pattern: string; item: Path; field?: string } | null {
  if (patternOf(path) in RULES) return { pattern: patternOf(path), item: path };
  const item = path.slice(0, -1);
  return patternOf(item) in RULES ? { pattern: patternOf(item), item, field: String(path[path.length - 1]) } : null;
}

/**
 * `found` (the rules' problems) with the sentences for Ajv's errors added, each once, at most `limit`
 * in all; places `skip` names (inside a refused language) say nothing.
 */
export function withSchemaProblems(
  found: PathProblem[], errors: ErrorObject[], file: unknown, ctx: ImportContext, skip: (pointer: string) => boolean, limit: number,
): PathProblem[] {
  const all = new Map(found.map((p) => [`${pointerOf(p.path)} ${p.message}`, { ...p, rank: 0 }]));
  const add = (path: Path, message: string, key = `${pointerOf(path)} ${message}`, rank = 0) => {
    const before = all.get(key);
    if (before ? rank < before.rank : all.size < limit) all.set(key, { path, message, rank });
  };
  for (const error of errors) {
    // A file broken on every day has tens of thousands of errors; the learner is shown far fewer.
    if (all.size >= limit) break;
    if (skip(error.instancePath)) continue;
    const at = pathOf(error.instancePath);
    const { keyword, params } = error;
    const key = keyword === 'required' ? String(params.missingProperty) : keyword === 'additionalProperties' ? String(params.additionalProperty) : undefined;
    const subject = key === undefined ? at : [...at, key];
    const rule = ruleFor(subject);
    const covered = rule !== null && (rule.field === undefined ? rule.pattern === 'version' : COVERS_ITEM_KEYS.has(rule.pattern));
    if (keyword === 'additionalProperties' && !covered) add(at, `${where(at)} has an unknown field "${shorten(key ?? '')}".`);
    if (keyword === 'required' && !covered) add(at, `${where(at)} is missing the field "${key}".`);
    if (rule === null || (keyword === 'additionalProperties' && !covered) || skip(pointerOf(subject))) continue;
    const message = RULES[rule.pattern]({ ...rule, value: valueAt(file, subject), owner: valueAt(file, rule.item), ctx });
    if (message === null) continue;
    if (rule.pattern === DAY) add(rule.item, message, pointerOf(rule.item), DAY_FIELD_ORDER.indexOf(rule.field ?? ''));
    else add(rule.item, message);
  }
  return [...all.values()].map(({ path, message }) => ({ path, message }));
}
