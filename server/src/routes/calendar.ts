/** The calendar summary: first recorded day, current and longest streak, computed on the server. */
import type { FastifyInstance } from 'fastify';
import { API_PATHS, underUser } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { calendarSummaryQuerySchema, calendarSummarySchema, type CalendarSummary } from '@common/schemas/calendar';
import { calendarSummary } from '../domain/streak';
import { readErrors, security } from './schemas';

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
    handler: async (request): Promise<CalendarSummary> => calendarSummary(domain, request.userId, request.query.today, request.account),
  });
}
