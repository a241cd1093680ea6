/** "My day ends at" (issue 28): when the learner's today turns into tomorrow, per learner. */
import type { FastifyInstance } from 'fastify';
import { API_PATHS, underUser } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { DAY_ENDS_AT_HOUR_MAX, dayBoundarySchema, type DayBoundary } from '@common/schemas/dayBoundary';
import { emptyQuery } from '@common/schemas/primitives';
import { readDayEndsAtHour, saveDayEndsAtHour } from '../domain/dayBoundary';
import { readErrors, writeErrors, security } from './schemas';

export async function dayBoundaryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(underUser(API_PATHS.dayBoundary), {
    schema: {
      tags: ['settings'],
      summary: "When the learner's day ends",
      description:
        'For every language of the learner. `dayEndsAtHour` 0 (the default) is midnight, the spec\'s day. With 1 to ' +
        `${DAY_ENDS_AT_HOUR_MAX}, the client sends the previous calendar day as "today" until that local hour, so minutes ` +
        'logged after midnight count towards the evening they belong to. The server keeps its own rule for "today" (within one ' +
        'day of its UTC date), which already admits these dates.',
      security,
      querystring: emptyQuery,
      response: { 200: { ...dayBoundarySchema, description: 'OK' }, ...readErrors() },
    },
    handler: async (request): Promise<DayBoundary> => ({ dayEndsAtHour: await readDayEndsAtHour(app.db, request.userId) }),
  });

  app.post(underUser(API_PATHS.dayBoundary), {
    schema: {
      tags: ['settings'],
      summary: "Set when the learner's day ends",
      description:
        `\`dayEndsAtHour\`: a whole hour from 0 (midnight) to ${DAY_ENDS_AT_HOUR_MAX}, else 400 INVALID_INPUT. ` +
        'Answers the saved value. Days already logged keep their dates.',
      security,
      querystring: emptyQuery,
      body: dayBoundarySchema,
      response: { 200: { ...dayBoundarySchema, description: 'The saved value' }, ...writeErrors() },
    },
    handler: async (request): Promise<DayBoundary> => {
      await saveDayEndsAtHour(app.db, request.userId, request.body.dayEndsAtHour);
      return { dayEndsAtHour: await readDayEndsAtHour(app.db, request.userId) };
    },
  });
}
