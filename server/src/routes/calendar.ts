/** The calendar summary: first recorded day, current and longest streak, computed on the server. */
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { calendarSummaryQuerySchema, calendarSummarySchema, type CalendarSummary } from '@common/schemas/calendar';
import { NO_RUN, walkRun, type RunState } from '@common/streak';
import { dayColumns, normaliseDay } from '../db/activity';
import { readRestDays } from '../db/restDays';
import { readStreakMemory, saveStreakMemory } from '../db/streak';
import { readErrors, security } from './schemas';
import { toRecords } from './activityRecord';
import { addDays, checkDate, goalsInForce, languageForRead, utcToday } from './shared';

const min = (a: string, b: string) => (a < b ? a : b);

export async function calendarRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get('/calendar/summary', {
    schema: {
      tags: ['progress'],
      summary: "First recorded day, current and longest streak of the current language, as of the learner's today",
      description:
        '`streakDays`: consecutive achieved days ending `today`, stopping at the first day not achieved; `longestStreakDays`: the longest such run ' +
        'up to `today`. With rest days (GET /api/user/rest-days) a rest day that is not achieved neither counts nor breaks a run; an achieved one counts. ' +
        '`today` follows the rules of every date (from 2000-01-01, at most one day after the server\'s UTC date). Zeros and null before a language is chosen. ' +
        'The streaks of days settled (two days before the server\'s UTC date) are remembered per language and recomputed only after an edit of a ' +
        'past day or a change of rest days, so a read costs the same for one month of history as for ten years.',
      security,
      querystring: calendarSummaryQuerySchema,
      response: { 200: calendarSummarySchema, ...readErrors() },
    },
    handler: async (request): Promise<CalendarSummary> => {
      const { today } = request.query;
      checkDate(app, today, 'today');
      const userId = request.userId;
      const language = await languageForRead(app, userId, undefined);
      if (!language) return { firstActivityDate: null, streakDays: 0, longestStreakDays: 0 };
      const key = { userId, language };
      const rest = await readRestDays(app.db, userId);
      const restKey = JSON.stringify(rest);
      const [firstRow, memory] = await Promise.all([
        app.db
          .selectFrom('daily_activity')
          .select('date')
          .where('user_id', '=', userId)
          .where('language', '=', language)
          .orderBy('date')
          .limit(1)
          .executeTakeFirst(),
        readStreakMemory(app.db, key, restKey),
      ]);
      const firstActivityDate = firstRow?.date ?? null;
      if (firstActivityDate === null || firstActivityDate > today) return { firstActivityDate, streakDays: 0, longestStreakDays: 0 };

      const saved = memory.saved && memory.saved.through <= today ? memory.saved : null;
      const start = saved ? addDays(saved.through, 1) : firstActivityDate;
      let state: RunState = saved ?? NO_RUN;
      if (start <= today) {
        const rows = await app.db
          .selectFrom('daily_activity')
          .select(dayColumns)
          .where('user_id', '=', userId)
          .where('language', '=', language)
          .where('date', '>=', start)
          .where('date', '<=', today)
          .orderBy('date')
          .execute();
        const days = rows.map(normaliseDay);
        const achieved = toRecords(days, await goalsInForce(app.db, userId, language, start, today)).filter((r) => r.achieved).map((r) => r.date);
        // Only days no add, goal change or "today" edit can reach any more are remembered.
        const settled = addDays(min(today, utcToday(app)), -2);
        if (settled >= start) {
          state = walkRun(state, start, settled, achieved.filter((d) => d <= settled), rest);
          await saveStreakMemory(app.db, key, memory.historyVersion, restKey, { ...state, through: settled });
          state = walkRun(state, addDays(settled, 1), today, achieved.filter((d) => d > settled), rest);
        } else {
          state = walkRun(state, start, today, achieved, rest);
        }
      }
      return { firstActivityDate, streakDays: state.run, longestStreakDays: state.longest };
    },
  });
}
