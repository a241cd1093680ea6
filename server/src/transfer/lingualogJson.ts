/**
 * Reads our own JSON export (lingualog-json) into an ImportPlan. Ajv checks the file against the
 * import schema, which is derived from the export's (lingualogJsonSchema.ts); the rules no schema
 * states (date bounds, limits, order, languages offered) are read here, from the parts Ajv found
 * sound. Problems are found with their JSON path; only when there are some is the text scanned
 * again (jsonLines.ts) to turn each path into the line a learner can look at.
 */
import { areValidMilestones, isValidDailyGoal, isValidPreviousHours, SKILLS, skillDailyField, type Skill } from '@common/domain';
import { exportFileSchema } from '@common/schemas/data';
import { DepthScan, JSON_MAX_DEPTH } from '@common/jsonDepth.mjs';
import {
  dateProblem, ENCODING_MESSAGE, encodingProblemLine, languageOf, languageProblem, lineAt, minutesProblem, yieldToLoop,
  type DayImport, type ImportContext, type ImportPlan, type Problems,
} from './plan';
import { linesOf } from './jsonLines';
import {
  pointerOf, schemaErrors, SoundParts, type ImportedDay, type ImportedLanguage, type ImportFile, type Path,
} from './lingualogJsonSchema';
import {
  DAILY_GOAL_MESSAGE, GOAL_ENTRY_MESSAGE, isObject, MILESTONES_MESSAGE, periodProblem, PREVIOUS_HOURS_MESSAGE, withSchemaProblems, type PathProblem,
} from './lingualogJsonProblems';

const DAYS_PER_SLICE = 2000;
/** Characters of the file scanned for its depth between turns of the event loop (about a millisecond). */
const DEPTH_SLICE = 512 * 1024;
/**
 * More than any file the import takes (5 MiB) can hold as an export: a day is one object of seven
 * values in about 100 characters, so such a file has some 50,000 objects and 400,000 values. A file
 * of far more small values would only hold the event loop while it is parsed and checked.
 */
const MAX_CONTAINERS = 100_000;
const MAX_VALUES = 600_000;
const TOO_MANY_VALUES_MESSAGE = `The file holds more arrays, objects or values than a LinguaLog JSON export of its size could (at most ${MAX_CONTAINERS.toLocaleString('en')} and ${MAX_VALUES.toLocaleString('en')}); is it one?`;
const MAX_FOUND = 1000;
const LANGUAGE_POINTER = /^\/languages\/\d+/;
const TOO_BROKEN_MESSAGE = 'The file differs from a LinguaLog JSON export in more places than can be listed; is it one?';

type Goals = { from: string; minutes: number }[];

export async function readLingualogJson(content: string, ctx: ImportContext, problems: Problems): Promise<ImportPlan | null> {
  const text = content.replace(/^\uFEFF/, '');
  const badLine = encodingProblemLine(text);
  if (badLine !== null) {
    problems.add(badLine, ENCODING_MESSAGE);
    return null;
  }
  const shape = await shapeOf(text);
  if (shape.tooDeepAt >= 0) {
    problems.add(lineAt(text, shape.tooDeepAt), `The file nests deeper than ${JSON_MAX_DEPTH} levels (arrays and objects together); a LinguaLog JSON export never does.`);
    return null;
  }
  if (shape.containers > MAX_CONTAINERS || shape.values > MAX_VALUES) {
    problems.add(0, TOO_MANY_VALUES_MESSAGE);
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
  let found: PathProblem[];
  // Any other JSON is not ours: its other differences from the schema would only be noise.
  if (!isObject(value) || value.format !== exportFileSchema.properties.format.const) {
    found = [{ path: [], message: 'This is not a LinguaLog JSON export (it has no "format": "lingualog").' }];
  } else {
    // Each step of a large file holds the event loop for a while, so other requests run between them.
    await yieldToLoop();
    const { errors, complete } = await schemaErrors(text, value);
    if (!complete) {
      // More errors than are ever shown: the file is refused on those, and its rules need not be read.
      found = errors.length > 0 ? withSchemaProblems([], errors, value, ctx, () => false, MAX_FOUND) : [{ path: [], message: TOO_BROKEN_MESSAGE }];
    } else {
      const rules = new FileRules(ctx, new SoundParts(errors));
      const plan = await rules.planOf(value as ImportFile);
      found = withSchemaProblems(rules.found, errors, value, ctx, (pointer) => rules.isInRefusedLanguage(pointer), MAX_FOUND);
      if (found.length === 0) return plan;
    }
    await yieldToLoop();
  }
  const lines = linesOf(text, found.map((problem) => problem.path));
  found.forEach(({ message }, index) => problems.add(lines[index], message));
  return null;
}

/**
 * Where the file first nests too deep (or -1), and how many arrays, objects and values it holds,
 * before anything parses or walks it (issue #38: the problems' line finder recursed through a
 * 100,000-deep file into a 500; parsing 2.4 million empty arrays held the event loop 1.5 s); read
 * in slices so a 5 MiB file does not hold the event loop in one step.
 */
async function shapeOf(text: string): Promise<{ tooDeepAt: number; containers: number; values: number }> {
  const scan = new DepthScan();
  for (let end = DEPTH_SLICE; ; end += DEPTH_SLICE) {
    const tooDeepAt = scan.scanString(text, Math.min(end, text.length));
    if (tooDeepAt >= 0 || end >= text.length) return { tooDeepAt, containers: scan.containers, values: scan.containers + scan.separators + 1 };
    await yieldToLoop();
  }
}

/** The rules beyond the schema, read from the sound parts of a file; the plan is only used when nothing was found. */
class FileRules {
  readonly found: PathProblem[] = [];
  /** Languages not offered, twice in the file or without a usable name: their name is their only problem. */
  private readonly refused = new Set<string>();

  constructor(private readonly ctx: ImportContext, private readonly sound: SoundParts) {}

  isInRefusedLanguage(pointer: string): boolean {
    const language = LANGUAGE_POINTER.exec(pointer)?.[0];
    return language !== undefined && this.refused.has(language) && pointer !== language && pointer !== `${language}/name`;
  }

  private add(path: Path, message: string): void {
    if (this.found.length < MAX_FOUND) this.found.push({ path, message });
  }

  async planOf(file: ImportFile): Promise<ImportPlan> {
    // A file exported before rest days or "My day ends at" existed leaves those settings as they are.
    const plan: ImportPlan = { languages: new Map(), currentLanguage: file.currentLanguage, restDays: file.restDays, dayEndsAtHour: file.dayEndsAtHour };
    if (file.restDays !== undefined && this.sound.isAt(['restDays']) && this.sound.isAt(['restDays', 'periods'])) {
      for (const [index, period] of file.restDays.periods.entries()) {
        const problem = this.sound.isSound(['restDays', 'periods', index]) && periodProblem(period, index, this.ctx.today);
        if (problem) this.add(['restDays', 'periods', index], problem);
      }
    }
    if (!this.sound.isAt(['languages'])) return plan;
    for (const [index, language] of file.languages.entries()) await this.readLanguage(language, ['languages', index], plan);
    return plan;
  }

  private async readLanguage(value: ImportedLanguage, path: Path, plan: ImportPlan): Promise<void> {
    if (!this.sound.isAt(path)) return;
    // Ajv names a name that is not one; a name not offered or given twice is the language's only problem.
    if (!this.sound.isSound([...path, 'name'])) return void this.refused.add(pointerOf(path));
    const problem = languageProblem(value.name, this.ctx) ?? (plan.languages.has(value.name) ? `${value.name} appears twice in the file.` : null);
    if (problem) {
      this.refused.add(pointerOf(path));
      return this.add([...path, 'name'], problem);
    }
    const language = languageOf(plan, value.name);
    const goalHistory = this.goalHistoryOf(value, [...path, 'goalHistory']);
    this.checkDailyGoal(value, path, goalHistory);
    if (goalHistory.length === 0 && isValidDailyGoal(value.dailyGoalMinutes)) goalHistory.push({ from: '0000-01-01', minutes: value.dailyGoalMinutes });
    if (this.sound.isSound([...path, 'previousHours']) && !isValidPreviousHours(value.previousHours)) this.add([...path, 'previousHours'], PREVIOUS_HOURS_MESSAGE);
    if (this.sound.isSound([...path, 'milestones']) && !areValidMilestones(value.milestones)) this.add([...path, 'milestones'], MILESTONES_MESSAGE);
    language.settings = { goalHistory, previousHours: value.previousHours, milestones: value.milestones };

    if (!this.sound.isAt([...path, 'days'])) return;
    for (const [index, day] of value.days.entries()) {
      if (this.sound.isSound([...path, 'days', index])) this.readDay(day, [...path, 'days', index], language.days);
      if (index % DAYS_PER_SLICE === DAYS_PER_SLICE - 1) await yieldToLoop();
    }
  }

  /** The goal stated beside the history is its last entry's (as written, so a broken entry counts too). */
  private checkDailyGoal(value: ImportedLanguage, path: Path, history: Goals): void {
    const goal: unknown = value.dailyGoalMinutes;
    const sound = this.sound.isSound([...path, 'dailyGoalMinutes']);
    if (sound && !isValidDailyGoal(goal)) this.add([...path, 'dailyGoalMinutes'], DAILY_GOAL_MESSAGE);
    else if ((sound || goal === undefined) && history.length > 0 && goal !== history[history.length - 1].minutes) {
      this.add([...path, 'dailyGoalMinutes'], 'dailyGoalMinutes must be the goal of the last goalHistory entry.');
    }
  }

  /**
   * Every entry that is an object, as written: Ajv names broken fields, these rules read the sound
   * ones, and a broken entry still stands in the date order.
   */
  private goalHistoryOf(value: ImportedLanguage, path: Path): Goals {
    if (!this.sound.isAt(path)) return [];
    const history: Goals = [];
    for (const [index, entry] of (value.goalHistory as unknown[]).entries()) {
      if (!isObject(entry)) continue;
      const at = [...path, index];
      const from = typeof entry.from === 'string' ? entry.from : '';
      const problem = this.sound.isSound([...at, 'from']) &&
        (dateProblem(from, this.ctx) ?? (history.length > 0 && from <= history[history.length - 1].from ? 'goalHistory must be in date order, one entry a day.' : null));
      if (problem) this.add(at, problem);
      if (this.sound.isSound([...at, 'dailyGoalMinutes']) && !isValidDailyGoal(entry.dailyGoalMinutes)) this.add(at, GOAL_ENTRY_MESSAGE);
      history.push({ from, minutes: Number(entry.dailyGoalMinutes) });
    }
    // The first goal has held since ever: days before its date were measured against it too.
    if (history.length > 0) history[0] = { ...history[0], from: '0000-01-01' };
    return history;
  }

  private readDay(value: ImportedDay, path: Path, days: Map<string, DayImport>): void {
    const { date, achieved } = value;
    const minutes = Object.fromEntries(SKILLS.map((skill) => [skill, value[skillDailyField(skill)]])) as Record<Skill, number>;
    const problem = dateProblem(date, this.ctx) ?? (days.has(date) ? `${date} appears twice for this language.` : null) ?? minutesProblem(date, minutes);
    if (problem) this.add(path, problem);
    else days.set(date, { date, minutes, achieved });
  }
}
