/** The calendar summary: first recorded day, current and longest streak, computed on the server. */
import type { FastifyInstance } from 'fastify';
import { API_PATHS, underUser } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { calendarSummaryQuerySchema, calendarSummarySchema, type CalendarSummary } from '@common/schemas/calendar';
import { NO_RUN, walkRun, type RunState } from '@common/streakRule';
import { firstActivityDate as firstDay } from '../db/activity';
import { readRestDays } from '../db/restDays';
import { readStreakMemory, saveStreakMemory } from '../db/streakMemory';
import { dataVersion } from '../db/dataVersion';
import { answerMemory } from '../domain/answerMemory';
import { readErrors, security } from './schemas';
import { recordChunks } from '../domain/activityRecord';
import { addDaysIso } from '@common/buckets';
import { checkDate, utcToday } from '../domain/dates';
import { languageForRead } from '../domain/languages';

const min = (a: string, b: string) => (a < b ? a : b);

export async function calendarRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const domain = { db: app.db, now: app.now };

  app.get(underUser(API_PATHS.calendarSummary), {
    schema: {
      tags: ['progress'],
      summary: "First recorded day, current and longest streak of the current language, as of the learner's today",
      description:
        '`streakDays`: consecutive achieved days ending `today`, stopping at the first day not achieved; `longestStreakDays`: the longest such run ' +
        'up to `today`. With rest days (GET /api/user/rest-days) a rest day that is not achieved neither counts nor breaks a run; an achieved one counts. ' +
        '`today` follows the rules of every date (from 2000-01-01, at most one day after the server\'s UTC date). Zeros and null before a language is chosen. ' +
        'The streaks of days settled (two days before the server\'s UTC date) are remembered per language and recomputed only after an edit of a ' +
        'past day or a change of rest days, so a read costs the same for one month of history as for ten years. A process gives its last answer ' +
        'again while the language\'s days, goals and rest days have not changed (one primary-key read).',
      security,
      querystring: calendarSummaryQuerySchema,
      response: { 200: calendarSummarySchema, ...readErrors() },
    },
    handler: async (request): Promise<CalendarSummary> => {
      const { today } = request.query;
      checkDate(domain, today, 'today');
      const userId = request.userId;
      const language = await languageForRead(domain, userId, undefined, request.account);
      if (!language) return { firstActivityDate: null, streakDays: 0, longestStreakDays: 0 };
      const key = { userId, language };
      const version = await dataVersion(app.db, key);
      const memory = answerMemory(app.db);
      const remembered = version === null ? undefined : memory.get<CalendarSummary>('summary', version, today);
      if (remembered) return remembered;
      const answer = await computeSummary(key, today);
      if (version !== null) memory.set('summary', version, today, answer);
      return answer;
    },
  });

  async function computeSummary(key: { userId: number; language: string }, today: string): Promise<CalendarSummary> {
    const { userId, language } = key;
    const rest = await readRestDays(app.db, userId);
    const restKey = JSON.stringify(rest);
    const [firstActivityDate, memory] = await Promise.all([firstDay(app.db, key), readStreakMemory(app.db, key, restKey)]);
    if (firstActivityDate === null || firstActivityDate > today) return { firstActivityDate, streakDays: 0, longestStreakDays: 0 };

    const saved = memory.saved && memory.saved.through <= today ? memory.saved : null;
    let state: RunState = saved ?? NO_RUN;
    let next = saved ? addDaysIso(saved.through, 1) : firstActivityDate;
    // Only days no add, goal change or "today" edit can reach any more are remembered.
    const settled = addDaysIso(min(today, utcToday(domain)), -2);
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
    for await (const records of recordChunks(app.db, { userId, language, from: next, to: today })) {
      walkTo(records[records.length - 1].date, records.filter((r) => r.achieved).map((r) => r.date));
    }
    walkTo(today, []);
    if (settledState) await saveStreakMemory(app.db, key, memory.historyVersion, restKey, { ...(settledState as RunState), through: settled });
    return { firstActivityDate, streakDays: state.run, longestStreakDays: state.longest };
  }
}
