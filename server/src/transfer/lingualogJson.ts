/**
 * Reads our own JSON export (lingualog-json) into an ImportPlan. Problems are found against the
 * parsed value with their JSON path; only when there are some is the text scanned again
 * (jsonc-parser, which knows offsets) to turn each path into the line a learner can look at.
 */
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import {
  areValidMilestones, isValidDailyGoal, isValidPreviousHours, MILESTONE_KEYS, SKILLS, skillDailyField, type Milestones, type Skill,
} from '@common/domain';
import { activityRecordSchema } from '@common/schemas/activity';
import { exportFileSchema } from '@common/schemas/data';
import { DAY_ENDS_AT_HOUR_MAX, isDayEndsAtHour } from '@common/schemas/dayBoundary';
import { REST_PERIODS_MAX, REST_WEEKDAYS_MAX, type RestDays } from '@common/schemas/restDays';
import { breakProblem } from '../domain/restDays';
import {
  dateProblem, ENCODING_MESSAGE, encodingProblemLine, languageOf, languageProblem, lineAt, minutesProblem, shorten, yieldToLoop,
  type DayImport, type ImportContext, type ImportPlan, type Problems,
} from './plan';

type Path = (string | number)[];
type Json = Record<string, unknown>;

// The fields come from the schema the export is written against (common/schemas/data.ts).
const TOP_KEYS = Object.keys(exportFileSchema.properties);
const languageSchema = exportFileSchema.properties.languages.items;
const LANGUAGE_KEYS = Object.keys(languageSchema.properties);
const GOAL_KEYS = Object.keys(languageSchema.properties.goalHistory.items.properties);
const DAY_KEYS = Object.keys(activityRecordSchema.properties);
const REST_DAY_KEYS = Object.keys(exportFileSchema.properties.restDays.properties);
const DAYS_PER_SLICE = 2000;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isMinutes = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const where = (path: Path) => path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('').replace(/^\./, '') || 'the file';

class PathProblems {
  readonly found: { path: Path; message: string }[] = [];
  add(path: Path, message: string): void {
    if (this.found.length < 1000) this.found.push({ path, message });
  }
  /** Unknown fields are problems, so a misspelt field never silently does nothing. */
  keys(value: Json, allowed: string[], required: string[], path: Path): void {
    for (const key of Object.keys(value)) if (!allowed.includes(key)) this.add(path, `${where(path)} has an unknown field "${shorten(key)}".`);
    for (const key of required) if (!(key in value)) this.add(path, `${where(path)} is missing the field "${key}".`);
  }
}

export async function readLingualogJson(content: string, ctx: ImportContext, problems: Problems): Promise<ImportPlan | null> {
  const text = content.replace(/^\uFEFF/, '');
  const badLine = encodingProblemLine(text);
  if (badLine !== null) {
    problems.add(badLine, ENCODING_MESSAGE);
    return null;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const position = /position (\d+)/.exec((err as Error).message);
    problems.add(position ? lineAt(text, Number(position[1])) : 0, 'The file is not valid JSON; is it a LinguaLog JSON export?');
    return null;
  }
  const found = new PathProblems();
  const plan = await planOf(value, ctx, found);
  if (found.found.length === 0) return plan;
  const root = parseTree(text);
  for (const { path, message } of found.found) {
    const node = root && findNodeAtLocation(root, path);
    problems.add(node ? lineAt(text, node.offset) : 0, message);
  }
  return null;
}

async function planOf(file: unknown, ctx: ImportContext, found: PathProblems): Promise<ImportPlan> {
  const plan: ImportPlan = { languages: new Map() };
  if (!isObject(file) || file.format !== 'lingualog') {
    found.add([], 'This is not a LinguaLog JSON export (it has no "format": "lingualog").');
    return plan;
  }
  if (file.version !== 1) found.add(['version'], 'Only version 1 of the LinguaLog export can be imported.');
  found.keys(file, TOP_KEYS, ['languages'], []);
  if (file.currentLanguage !== undefined && file.currentLanguage !== null && typeof file.currentLanguage !== 'string') {
    found.add(['currentLanguage'], 'currentLanguage must be a language name or null.');
  } else plan.currentLanguage = file.currentLanguage as string | null | undefined;
  if (file.restDays !== undefined) plan.restDays = restDaysOf(file.restDays, ctx, found);
  // A file exported before "My day ends at" existed has no dayEndsAtHour and leaves the setting as it is.
  if (file.dayEndsAtHour !== undefined) {
    if (isDayEndsAtHour(file.dayEndsAtHour)) plan.dayEndsAtHour = file.dayEndsAtHour;
    else found.add(['dayEndsAtHour'], `dayEndsAtHour must be a whole hour from 0 to ${DAY_ENDS_AT_HOUR_MAX}.`);
  }
  if (!Array.isArray(file.languages)) {
    found.add(['languages'], '"languages" must be a list.');
    return plan;
  }
  for (const [index, language] of file.languages.entries()) await readLanguage(language, ['languages', index], plan, ctx, found);
  return plan;
}

async function readLanguage(value: unknown, path: Path, plan: ImportPlan, ctx: ImportContext, found: PathProblems): Promise<void> {
  if (!isObject(value)) return found.add(path, `${where(path)} must be an object.`);
  found.keys(value, LANGUAGE_KEYS, LANGUAGE_KEYS, path);
  const name = typeof value.name === 'string' ? value.name : '';
  const nameProblem = typeof value.name === 'string' ? languageProblem(name, ctx) : 'Every language needs its "name".';
  if (nameProblem) return found.add([...path, 'name'], nameProblem);
  if (plan.languages.has(name)) return found.add([...path, 'name'], `${name} appears twice in the file.`);
  const language = languageOf(plan, name);

  const goalHistory = goalHistoryOf(value.goalHistory, [...path, 'goalHistory'], ctx, found);
  if (value.dailyGoalMinutes !== undefined && !isValidDailyGoal(value.dailyGoalMinutes)) {
    found.add([...path, 'dailyGoalMinutes'], 'dailyGoalMinutes must be a multiple of 5 from 5 to 720.');
  } else if (goalHistory.length > 0 && value.dailyGoalMinutes !== goalHistory[goalHistory.length - 1].minutes) {
    found.add([...path, 'dailyGoalMinutes'], 'dailyGoalMinutes must be the goal of the last goalHistory entry.');
  }
  if (goalHistory.length === 0 && isValidDailyGoal(value.dailyGoalMinutes)) goalHistory.push({ from: '0000-01-01', minutes: value.dailyGoalMinutes });
  if (!isValidPreviousHours(value.previousHours)) found.add([...path, 'previousHours'], 'previousHours must be a multiple of 10 from 0 to 2000.');
  const milestones = milestonesOf(value.milestones, [...path, 'milestones'], found);
  language.settings = { goalHistory, previousHours: Number(value.previousHours), milestones };

  if (!Array.isArray(value.days)) return found.add([...path, 'days'], '"days" must be a list.');
  for (const [index, day] of value.days.entries()) {
    readDay(day, [...path, 'days', index], language.days, ctx, found);
    if (index % DAYS_PER_SLICE === DAYS_PER_SLICE - 1) await yieldToLoop();
  }
}

function readDay(value: unknown, path: Path, days: Map<string, DayImport>, ctx: ImportContext, found: PathProblems): void {
  if (!isObject(value)) return found.add(path, `${where(path)} must be an object.`);
  found.keys(value, DAY_KEYS, DAY_KEYS.filter((key) => key !== 'achieved'), path);
  const date = typeof value.date === 'string' ? value.date : '';
  const problem = dateProblem(date, ctx);
  if (problem) return found.add(path, problem);
  if (days.has(date)) return found.add(path, `${date} appears twice for this language.`);
  const minutes = {} as Record<Skill, number>;
  for (const skill of SKILLS) {
    const raw = value[skillDailyField(skill)];
    if (!isMinutes(raw)) return found.add(path, `On ${date}, ${skillDailyField(skill)} must be a whole number of minutes.`);
    minutes[skill] = raw;
  }
  const over = minutesProblem(date, minutes);
  if (over) return found.add(path, over);
  if (value.achieved !== undefined && typeof value.achieved !== 'boolean') return found.add(path, `On ${date}, achieved must be true or false.`);
  days.set(date, { date, minutes, achieved: value.achieved as boolean | undefined });
}

function goalHistoryOf(value: unknown, path: Path, ctx: ImportContext, found: PathProblems): { from: string; minutes: number }[] {
  if (!Array.isArray(value)) {
    found.add(path, '"goalHistory" must be a list.');
    return [];
  }
  const history: { from: string; minutes: number }[] = [];
  for (const [index, entry] of value.entries()) {
    const at = [...path, index];
    if (!isObject(entry)) {
      found.add(at, 'Each goalHistory entry is {"from", "dailyGoalMinutes"}.');
      continue;
    }
    found.keys(entry, GOAL_KEYS, GOAL_KEYS, at);
    const from = typeof entry.from === 'string' ? entry.from : '';
    const problem = dateProblem(from, ctx);
    if (problem) found.add(at, problem);
    else if (history.length > 0 && from <= history[history.length - 1].from) found.add(at, 'goalHistory must be in date order, one entry a day.');
    if (!isValidDailyGoal(entry.dailyGoalMinutes)) found.add(at, 'A daily goal is a multiple of 5 from 5 to 720 minutes.');
    history.push({ from, minutes: Number(entry.dailyGoalMinutes) });
  }
  // The first goal has held since ever: days before its date were measured against it too.
  if (history.length > 0) history[0] = { ...history[0], from: '0000-01-01' };
  return history;
}

function milestonesOf(value: unknown, path: Path, found: PathProblems): Milestones {
  const valid = isObject(value) && Object.keys(value).length === MILESTONE_KEYS.length && areValidMilestones(value as Milestones);
  if (!valid) found.add(path, 'milestones must be level1 to level6: whole hours, strictly increasing, from 1 to 100000.');
  return Object.fromEntries(MILESTONE_KEYS.map((key) => [key, Number(isObject(value) ? value[key] : 0)])) as Milestones;
}

function restDaysOf(value: unknown, ctx: ImportContext, found: PathProblems): RestDays {
  const path = ['restDays'];
  const rest: RestDays = { weekdays: [], periods: [] };
  if (!isObject(value)) {
    found.add(path, 'restDays must be {"weekdays", "periods"}.');
    return rest;
  }
  found.keys(value, REST_DAY_KEYS, REST_DAY_KEYS, path);
  const weekdays = value.weekdays;
  const validWeekdays = Array.isArray(weekdays) && weekdays.length <= REST_WEEKDAYS_MAX && new Set(weekdays).size === weekdays.length &&
    weekdays.every((d) => Number.isInteger(d) && d >= 0 && d <= 6);
  if (!validWeekdays) found.add([...path, 'weekdays'], `Rest weekdays are at most ${REST_WEEKDAYS_MAX} different numbers from 0 (Sunday) to 6.`);
  else rest.weekdays = weekdays as number[];
  const periods = value.periods;
  if (!Array.isArray(periods) || periods.length > REST_PERIODS_MAX) {
    found.add([...path, 'periods'], `Rest periods are a list of at most ${REST_PERIODS_MAX} {"from", "to"}.`);
    return rest;
  }
  for (const [index, period] of periods.entries()) {
    const at = [...path, 'periods', index];
    const from = isObject(period) && typeof period.from === 'string' ? period.from : '';
    const to = isObject(period) && typeof period.to === 'string' ? period.to : '';
    // The break rule of POST /rest-days: a file exported with a planned break imports again.
    const problem = breakProblem({ from, to }, index + 1, ctx.today);
    if (!isObject(period) || Object.keys(period).length !== 2) found.add(at, 'A rest period is {"from", "to"}.');
    else if (problem) found.add(at, problem.message);
    else rest.periods.push({ from, to });
  }
  return rest;
}
