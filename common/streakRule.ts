/**
 * The streak rule, once, for the server's calendar summary and the Insights figures (no DOM or
 * Node APIs). Spec: a run is consecutive achieved days; the first day that is not achieved ends
 * it. Contract, "Forgiving streaks": a rest day that is not achieved neither counts nor ends a
 * run; an achieved rest day counts as usual. Without rest days this is exactly the spec's rule.
 */
import type { RestDays } from './schemas/restDays';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 of an ISO date: integer steps, so walking the days is cheap and DST-free. */
export const dayNumber = (iso: string) => Math.round(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS);

/** A learner's rest days as a fast test on day numbers. */
function restDayTest(rest: RestDays): (day: number) => boolean {
  const weekdays = new Set(rest.weekdays);
  const periods = rest.periods.map((p) => [dayNumber(p.from), dayNumber(p.to)] as const);
  if (weekdays.size === 0 && periods.length === 0) return () => false;
  // 1970-01-01 was a Thursday (4).
  return (day) => weekdays.has((((day + 4) % 7) + 7) % 7) || periods.some(([from, to]) => day >= from && day <= to);
}

export const isRestDay = (date: string, rest: RestDays) => restDayTest(rest)(dayNumber(date));

/** `run`: the run ending on the last day walked (0 when that day ended it); `longest`: the longest run seen. */
export interface RunState {
  run: number;
  longest: number;
}

export const NO_RUN: RunState = { run: 0, longest: 0 };

/**
 * Walks the days `from`..`to` (inclusive, ISO dates) on from `state`. `achieved` holds the
 * achieved dates of that span in ascending order (others are ignored). One pass, linear in the
 * days walked plus the dates given.
 */
export function walkRun(state: RunState, from: string, to: string, achieved: readonly string[], rest: RestDays): RunState {
  const isRest = restDayTest(rest);
  const days = achieved.map(dayNumber);
  const last = dayNumber(to);
  let { run, longest } = state;
  let next = 0;
  for (let day = dayNumber(from); day <= last; day += 1) {
    while (next < days.length && days[next] < day) next += 1;
    if (days[next] === day) {
      run += 1;
      if (run > longest) longest = run;
    } else if (!isRest(day)) {
      run = 0;
    }
  }
  return { run, longest };
}

/** Current and longest streak of a whole history: `records` sorted by date, `today` the learner's. */
export function streaksOf(records: readonly { date: string; achieved: boolean }[], today: string, rest: RestDays) {
  const first = records[0]?.date;
  if (first === undefined || first > today) return { streakDays: 0, longestStreakDays: 0 };
  const achieved = records.filter((r) => r.achieved && r.date <= today).map((r) => r.date);
  const { run, longest } = walkRun(NO_RUN, first, today, achieved, rest);
  return { streakDays: run, longestStreakDays: longest };
}
