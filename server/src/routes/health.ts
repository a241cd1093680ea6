/** The health check: the proxy's and the rolling restart's signal that a process takes work. */
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '@common/apiPaths';
import { healthSchema } from '@common/schemas/health';
import { emptyQuery } from '@common/schemas/primitives';
import { publicErrors } from './schemas';
import { pingDatabase } from '../domain/health';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(API_PATHS.health, {
    schema: {
      tags: ['operations'],
      summary: 'Whether this process takes work',
      description:
        '200 while the process serves and its database answers; 503 SERVICE_UNAVAILABLE once it was asked to stop ' +
        '(it then finishes what it holds and exits) or when the database does not answer. Needs no session, reads no learner data.',
      querystring: emptyQuery,
      response: { 200: healthSchema, ...publicErrors() },
    },
    // Draining answers 503 before this runs (plugins/draining.ts).
    handler: async () => {
      await pingDatabase(app.db);
      return { status: 'ok' as const };
    },
  });
}
