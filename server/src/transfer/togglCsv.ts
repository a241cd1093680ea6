/**
 * Reads Toggl Track's CSV export of time entries (the Detailed report: User, Email, Client,
 * Project, Task, Description, Billable, Start date, Start time, End date, End time, Duration,
 * Tags, …). Each entry counts on its start date, for the skill its project, a tag or a
 * description word names (skillMap first); seconds are summed per day and skill, then rounded
 * to whole minutes, so many short entries are not lost to rounding.
 */
import { SKILLS, skillNamed, type Skill } from '@common/domain';
import { NO_SKILL_PROBLEM, type EntriesWithoutSkill } from '@common/schemas/data';
import { cellText, readCsv } from './csvRows';
import { dateProblem, minutesProblem, shorten, type DayImport, type ImportContext, type ImportPlan, type Problems } from './plan';

const DAY_SECONDS = 24 * 60 * 60;
const WORD = /[\p{L}\p{N}]+/gu;

export type SkillMap = Partial<Record<string, Skill>>;

/** An entry's project and tags, each a name a learner can map to a skill. */
function entryNames(project: string, tags: string): string[] {
  return [project, ...tags.split(',')].map((name) => name.trim()).filter(Boolean);
}

export interface TogglOptions {
  skillMap: SkillMap;
  /** An entry that names no skill: a problem (refuse, the default), left out (skip), or counted for a skill. */
  withoutSkill?: EntriesWithoutSkill;
}

export async function readTogglCsv(
  content: string, language: string, { skillMap, withoutSkill = 'refuse' }: TogglOptions, ctx: ImportContext, problems: Problems,
): Promise<ImportPlan | null> {
  const mapped = new Map(Object.entries(skillMap).map(([name, skill]) => [name.trim().toLowerCase(), skill as Skill]));
  let columns: Record<'date' | 'duration' | 'project' | 'tags' | 'description', number> | null = null;
  const seconds = new Map<string, { bySkill: Record<Skill, number>; lastLine: number }>();
  let skippedEntries = 0;

  const readable = await readCsv(content, problems, (cells, line) => {
    if (!columns) {
      const names = cells.map((c) => cellText(c).toLowerCase());
      columns = { date: names.indexOf('start date'), duration: names.indexOf('duration'), project: names.indexOf('project'), tags: names.indexOf('tags'), description: names.indexOf('description') };
      if (columns.date < 0 || columns.duration < 0) problems.add(line, 'This is not a Toggl Track CSV export: it needs the columns "Start date" and "Duration".');
      return;
    }
    if (columns.date < 0 || columns.duration < 0) return;
    const cell = (index: number) => cellText(cells[index]);
    const date = cell(columns.date);
    const dateIssue = dateProblem(date, ctx);
    if (dateIssue) return problems.add(line, dateIssue);
    const duration = durationSeconds(cell(columns.duration));
    if (duration === null) return problems.add(line, `Duration "${shorten(cell(columns.duration))}" is not written H:MM:SS.`);
    if (duration > DAY_SECONDS) return problems.add(line, `An entry of ${cell(columns.duration)} is longer than a day; split or fix it in Toggl first.`);
    if (duration === 0) return;
    const named = skillOf(cell(columns.project), cell(columns.tags), cell(columns.description), mapped);
    if (!named && withoutSkill === 'skip') {
      skippedEntries += 1;
      return;
    }
    const skill = named ?? (withoutSkill === 'refuse' || withoutSkill === 'skip' ? undefined : withoutSkill);
    if (!skill) {
      const quoted = quoteEntry(cell(columns.description), cell(columns.project), date, cell(columns.duration));
      return problems.add(line, `This entry (${quoted}) ${NO_SKILL_PROBLEM}: map its project or a tag to a skill, put listening, reading, speaking or writing in its description, or skip such entries.`);
    }
    const day = seconds.get(date) ?? { bySkill: { listening: 0, reading: 0, speaking: 0, writing: 0 }, lastLine: line };
    day.bySkill[skill] += duration;
    day.lastLine = line;
    seconds.set(date, day);
  }, ctx.signal);
  if (readable && !columns) problems.add(0, 'The file is empty.');
  if (problems.any) return null;

  const days = new Map<string, DayImport>();
  for (const [date, day] of [...seconds].sort(([a], [b]) => a.localeCompare(b))) {
    const minutes = Object.fromEntries(SKILLS.map((skill) => [skill, Math.round(day.bySkill[skill] / 60)])) as Record<Skill, number>;
    const over = minutesProblem(date, minutes);
    if (over) problems.add(day.lastLine, over);
    else if (SKILLS.some((skill) => minutes[skill] > 0)) {
      days.set(date, { date, minutes, line: day.lastLine, skills: SKILLS.filter((skill) => day.bySkill[skill] > 0) });
    }
  }
  if (problems.any) return null;
  return { languages: new Map([[language, { days }]]), ...(withoutSkill === 'skip' ? { skippedEntries } : {}) };
}

/** The entry as the learner knows it in Toggl: its description, project, date and duration. */
function quoteEntry(description: string, project: string, date: string, duration: string): string {
  const what = description.trim() ? `"${shorten(description.trim())}"` : 'no description';
  const where = project.trim() ? `project "${shorten(project.trim())}"` : 'no project';
  return `${what}, ${where}, ${date}, ${duration}`;
}

/** Toggl writes durations as H:MM:SS (hours may pass 24 and have several digits). */
function durationSeconds(text: string): number | null {
  const match = /^(\d{1,5}):([0-5]\d)(?::([0-5]\d))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0);
}

/** The learner's mapping wins over skill names; within each, the project, then tags, then description words. */
function skillOf(project: string, tags: string, description: string, mapped: Map<string, Skill>): Skill | undefined {
  const names = entryNames(project, tags).map((n) => n.toLowerCase());
  const words = description.toLowerCase().match(WORD) ?? [];
  const candidates = [...names, description.trim().toLowerCase(), ...words];
  for (const name of candidates) {
    const skill = mapped.get(name);
    if (skill) return skill;
  }
  for (const name of [...names, ...words]) {
    const skill = skillNamed(name);
    if (skill) return skill;
  }
  return undefined;
}
