/**
 * `source: "days"` (contract, fifth edition): days already summed elsewhere (an Anki collection or a
 * spreadsheet read on the learner's device, a script, an add-on), each naming the skills it speaks
 * for. A merge sets only those skills on each day; a replace makes the language's days exactly
 * these (a skill a day does not name is 0 there). Problems are reported per day, `line` being the
 * day's index from 1.
 */
import { DAILY_SKILL_LIMIT_MINS, SKILLS, skillDailyField, type Skill } from '@common/domain';
import { DAYS_IMPORT_MAX } from '@common/schemas/data';
import { dateProblem, minutesProblem, shorten, type DayImport, type ImportContext, type ImportPlan, type Problems } from './plan';

/** One day as the request sends it: a date and the minutes of the skills it names. */
export type DaysEntry = { date: string } & Partial<Record<`${Skill}DailyMins`, number>>;

function minutesOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= DAILY_SKILL_LIMIT_MINS ? value : null;
}

export function readDays(entries: readonly DaysEntry[], language: string, ctx: ImportContext, problems: Problems): ImportPlan | null {
  if (entries.length === 0) problems.add(0, 'The import holds no days.');
  if (entries.length > DAYS_IMPORT_MAX) problems.add(0, `The import holds ${entries.length} days; send at most ${DAYS_IMPORT_MAX} in one call.`);
  if (problems.any) return null;

  const days = new Map<string, DayImport>();
  const firstLine = new Map<string, number>();
  entries.forEach((entry, index) => {
    const line = index + 1;
    const dateIssue = dateProblem(entry.date, ctx);
    if (dateIssue) return problems.add(line, dateIssue);
    const earlier = firstLine.get(entry.date);
    if (earlier !== undefined) return problems.add(line, `${entry.date} is already day ${earlier} of this import; each date may appear once.`);
    firstLine.set(entry.date, line);
    const named = SKILLS.filter((skill) => entry[skillDailyField(skill)] !== undefined);
    if (named.length === 0) return problems.add(line, `${entry.date} names no skill: give at least one of listeningDailyMins, readingDailyMins, speakingDailyMins and writingDailyMins.`);
    const minutes: Record<Skill, number> = { listening: 0, reading: 0, speaking: 0, writing: 0 };
    for (const skill of named) {
      const value = minutesOf(entry[skillDailyField(skill)]);
      if (value === null) {
        const raw = shorten(String(entry[skillDailyField(skill)]));
        return problems.add(line, `On ${entry.date}, ${skill} has ${raw} minutes; minutes are whole numbers from 0 to ${DAILY_SKILL_LIMIT_MINS}.`);
      }
      minutes[skill] = value;
    }
    const over = minutesProblem(entry.date, minutes);
    if (over) return problems.add(line, over);
    days.set(entry.date, { date: entry.date, minutes, line, skills: named });
  });
  if (problems.any) return null;
  return { languages: new Map([[language, { days }]]) };
}
