/**
 * Sends days read on the device as `source: "days"` imports (contract, fifth edition): merged, so
 * the skills a day does not name keep what the learner logged; at most DAYS_IMPORT_MAX days a
 * call; one call per language. The import's tags refresh every read, so the dashboard follows.
 */
import { skillDailyField, SKILLS, type Skill } from '@common/domain';
import { DAYS_IMPORT_MAX, type ImportBody } from '@common/schemas/data';
import { useImportDataMutation } from '@/api/apiSlice';

export interface DaysToSend {
  date: string;
  minutes: Partial<Record<Skill, number>>;
}

export interface SentDays {
  days: number;
  minutes: number;
}

/** The server's refusal of a call: its problems, each with the date of the day it names when it names one. */
export class DaysRefused extends Error {
  constructor(readonly problems: { date: string | null; message: string }[]) {
    super('The import was refused.');
  }
}

type DaysBody = ImportBody;

export function daysBody(days: readonly DaysToSend[], language: string | null): DaysBody {
  return {
    source: 'days',
    mode: 'merge',
    dryRun: false,
    days: days.map(({ date, minutes }) => ({
      date,
      ...Object.fromEntries(SKILLS.filter((skill) => minutes[skill] !== undefined).map((skill) => [skillDailyField(skill), minutes[skill]])),
    })),
    ...(language ? { language } : {}),
  };
}

export function useSendDays(): (days: readonly DaysToSend[], language: string | null) => Promise<SentDays> {
  const [importData] = useImportDataMutation();
  return async (days, language) => {
    const sent: SentDays = { days: 0, minutes: 0 };
    for (let start = 0; start < days.length; start += DAYS_IMPORT_MAX) {
      const part = days.slice(start, start + DAYS_IMPORT_MAX);
      try {
        const answer = await importData(daysBody(part, language)).unwrap();
        sent.days += answer.days;
        sent.minutes += answer.minutes;
      } catch (err) {
        const problems = (err as { data?: { problems?: { line: number; message: string }[] } }).data?.problems;
        if (problems) throw new DaysRefused(problems.map((p) => ({ date: part[p.line - 1]?.date ?? null, message: p.message })));
        throw err;
      }
    }
    return sent;
  };
}
