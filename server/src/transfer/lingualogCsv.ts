/** Reads our own CSV export (lingualog-csv): one row per language and day, each row naming its language. */
import { SKILLS, type Skill } from '@common/domain';
import { LINGUALOG_CSV_COLUMNS } from '@common/schemas/data';
import { cellText, readCsv, wholeMinutes } from './csvRows';
import { dateProblem, languageOf, languageProblem, minutesProblem, shorten, type ImportContext, type ImportPlan, type Problems } from './plan';

const REQUIRED_COLUMNS = LINGUALOG_CSV_COLUMNS.filter((c) => c !== 'achieved');
const ACHIEVED: Record<string, boolean | undefined> = { true: true, false: false, yes: true, no: false, '': undefined };

export async function readLingualogCsv(content: string, ctx: ImportContext, problems: Problems): Promise<ImportPlan | null> {
  const plan: ImportPlan = { languages: new Map() };
  let columns: Map<string, number> | null = null;
  const firstLine = new Map<string, number>();

  const readable = await readCsv(content, problems, (cells, line) => {
    if (!columns) {
      columns = headerOf(cells, line, problems);
      return;
    }
    if (columns.size === 0) return;
    if (cells.length !== columns.size) {
      problems.add(line, `This row has ${cells.length} cells; the header has ${columns.size}.`);
      return;
    }
    const cell = (name: string) => cellText(cells[(columns as Map<string, number>).get(name) ?? -1]);
    const language = cell('language');
    const date = cell('date');
    const problem = languageProblem(language, ctx) ?? dateProblem(date, ctx);
    if (problem) return problems.add(line, problem);
    const key = `${language}\n${date}`;
    const first = firstLine.get(key);
    if (first !== undefined) return problems.add(line, `${language} on ${date} appears twice (first on line ${first}).`);
    firstLine.set(key, line);

    const minutes = {} as Record<Skill, number>;
    for (const skill of SKILLS) {
      const value = wholeMinutes(cell(`${skill}_minutes`));
      if (value === null) return problems.add(line, `${skill}_minutes "${shorten(cell(`${skill}_minutes`))}" is not a whole number of minutes.`);
      minutes[skill] = value;
    }
    const over = minutesProblem(date, minutes);
    if (over) return problems.add(line, over);
    const flag = cell('achieved').toLowerCase();
    if (!Object.hasOwn(ACHIEVED, flag)) return problems.add(line, `achieved "${shorten(flag)}" must be true, false or empty.`);
    languageOf(plan, language).days.set(date, { date, minutes, achieved: ACHIEVED[flag], line });
  }, ctx.signal);
  if (readable && !columns) problems.add(0, 'The file is empty.');
  return problems.any ? null : plan;
}

function headerOf(cells: string[], line: number, problems: Problems): Map<string, number> {
  const names = cells.map((c) => cellText(c).toLowerCase());
  const known = names.every((name) => (LINGUALOG_CSV_COLUMNS as readonly string[]).includes(name));
  const complete = REQUIRED_COLUMNS.every((name) => names.includes(name));
  if (!known || !complete || new Set(names).size !== names.length) {
    problems.add(line, `The first line must be the header ${LINGUALOG_CSV_COLUMNS.join(',')}; is this a LinguaLog CSV export?`);
    return new Map();
  }
  return new Map(names.map((name, index) => [name, index]));
}
