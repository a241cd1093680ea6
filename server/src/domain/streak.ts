/**
 * The calendar summary: the first recorded day, the current and the longest streak as of the
 * learner's today (common/streakRule.ts). The streak state of settled days is remembered per
 * language (db/streakMemory.ts), so a read walks only the days after it; a whole answer is given
 * again while the language's data has not changed (db/answerMemory.ts).
 */
import { addDaysIso } from '@common/buckets';
import type { CalendarSummary } from '@common/schemas/calendar';
import { NO_RUN, walkRun, type RunState } from '@common/streakRule';
import { firstActivityDate as firstDay } from '../db/activity';
import { remembered } from '../db/answerMemory';
import { readRestDays } from '../db/restDays';
import type { Account } from '../db/sessions';
import { readStreakMemory, saveStreakMemory } from '../db/streakMemory';
import { recordChunks } from './activityRecord';
import type { DomainContext } from './context';
import { checkDate, settledDay } from './dates';
import { languageForRead } from './languages';

/** The summary of the learner's current language as of `today`; zeros and null before a language is chosen. */
export async function calendarSummary(ctx: DomainContext, userId: number, today: string, account?: Account | null): Promise<CalendarSummary> {
  checkDate(ctx, today, 'today');
  const language = await languageForRead(ctx, userId, undefined, account);
  if (!language) return { firstActivityDate: null, streakDays: 0, longestStreakDays: 0 };
  const key = { userId, language };
  return remembered(ctx.db, 'summary', key, today, () => computeSummary(ctx, key, today));
}

async function computeSummary(ctx: DomainContext, key: { userId: number; language: string }, today: string): Promise<CalendarSummary> {
  const { db } = ctx;
  const { userId, language } = key;
  const rest = await readRestDays(db, userId);
  const restKey = JSON.stringify(rest);
  const [firstActivityDate, memory] = await Promise.all([firstDay(db, key), readStreakMemory(db, key, restKey)]);
  if (firstActivityDate === null || firstActivityDate > today) return { firstActivityDate, streakDays: 0, longestStreakDays: 0 };

  const saved = memory.saved && memory.saved.through <= today ? memory.saved : null;
  let state: RunState = saved ?? NO_RUN;
  let next = saved ? addDaysIso(saved.through, 1) : firstActivityDate;
  // Only days no add, goal change or "today" edit can reach any more are remembered.
  const settled = settledDay(ctx, today);
  let settledState: RunState | null = null;
  const walkTo = (to: string, achieved: string[]) => {
    if (next <= settled && settled <= to) {
      settledState = state = walkRun(state, next, settled, achieved, rest);
      next = addDaysIso(settled, 1);
    }
    state = walkRun(state, next, to, achieved, rest);
    next = addDaysIso(to, 1);
  };
  // Chunk by chunk, so a first read of years of history lets other requests run in between.
  for await (const records of recordChunks(db, { userId, language, from: next, to: today })) {
    walkTo(records[records.length - 1].date, records.filter((r) => r.achieved).map((r) => r.date));
  }
  walkTo(today, []);
  if (settledState) await saveStreakMemory(db, key, memory.historyVersion, restKey, { ...(settledState as RunState), through: settled });
  return { firstActivityDate, streakDays: state.run, longestStreakDays: state.longest };
}
