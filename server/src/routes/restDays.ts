/** Rest days (contract, second edition, "Forgiving streaks"): weekdays to rest and breaks, per learner. */
import type { FastifyInstance } from 'fastify';
import { API_PATHS, underUser } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { emptyQuery } from '@common/schemas/primitives';
import { REST_PERIOD_MAX_DAYS, REST_PERIOD_MAX_DAYS_AHEAD, REST_PERIODS_MAX, REST_WEEKDAYS_MAX, restDaysSchema, type RestDays } from '@common/schemas/restDays';
import { ApiHttpError } from '../domain/errors';
import { readErrors, writeErrors, security } from './schemas';
import { utcToday } from '../domain/dates';
import { breakProblem, readRestDays, saveRestDays } from '../domain/restDays';

export async function restDayRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const domain = { db: app.db, now: app.now };

  app.get(underUser(API_PATHS.restDays), {
    schema: {
      tags: ['settings'],
      summary: "The learner's rest days",
      description: 'For every language of the learner. Weekdays ascending (0 = Sunday), breaks by start date. Default: none, which is the spec\'s streak.',
      security,
      querystring: emptyQuery,
      response: { 200: { ...restDaysSchema, description: 'OK' }, ...readErrors() },
    },
    handler: async (request) => readRestDays(app.db, request.userId),
  });

  app.post(underUser(API_PATHS.restDays), {
    schema: {
      tags: ['settings'],
      summary: "Replace the learner's rest days",
      description:
        `Weekdays unique, at most ${REST_WEEKDAYS_MAX}; at most ${REST_PERIODS_MAX} breaks, each with from <= to and at most ${REST_PERIOD_MAX_DAYS} days ` +
        '(both ends counted); else 400 INVALID_INPUT. Break dates lie between 2000-01-01 (else 400 INVALID_INPUT) and ' +
        `${REST_PERIOD_MAX_DAYS_AHEAD} days after the learner's today (every learner's: ${REST_PERIOD_MAX_DAYS_AHEAD + 1} days after the server's UTC date; ` +
        'a later date is 400 FUTURE_DATE): unlike the other dates a client sends, a break is mostly planned ahead. ' +
        'Overlapping breaks are accepted as they are. Answers the saved value, in the order GET answers it. Changing rest days changes the streaks at once.',
      security,
      querystring: emptyQuery,
      body: restDaysSchema,
      response: { 200: { ...restDaysSchema, description: 'The saved rest days' }, ...writeErrors() },
    },
    handler: async (request): Promise<RestDays> => {
      const { weekdays, periods } = request.body;
      periods.forEach((period, i) => {
        const problem = breakProblem(period, i + 1, utcToday(domain));
        if (problem) throw new ApiHttpError(400, problem.code, problem.message);
      });
      const userId = request.userId;
      await saveRestDays(app.db, userId, { weekdays, periods });
      return readRestDays(app.db, userId);
    },
  });
}
