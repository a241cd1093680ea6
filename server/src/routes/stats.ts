/** Insights: minutes, active days and achieved days per day, week or month of a date range. */
import type { FastifyInstance } from 'fastify';
import { API_PATHS, underUser } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { FIRST_DATE } from '@common/domain';
import { STATS_MAX_BUCKETS, statsQuerySchema, statsSchema, type Stats } from '@common/schemas/stats';
import { statsOf } from '../domain/stats';
import { readErrors, security } from './schemas';

export async function statsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const domain = { db: app.db, now: app.now };
  app.get(underUser(API_PATHS.stats), {
    config: { heavy: 'read' },
    schema: {
      tags: ['progress'],
      summary: 'Minutes per day, week or month of a date range',
      description:
        'For the current language, or ?language=X. Every bucket the range touches is present, oldest first, empty ones with zeros. ' +
        "Weeks run Sunday to Saturday, months from the 1st; a bucket's `start` is its first day, so the first may lie before `from`, " +
        'but only days within `from`..`to` are counted. `activeDays`: days with any minutes; `achievedDays`: days achieved by the ' +
        "rule of the daily records (the learner's own answer, else the goal in force that day). `totals` sums the buckets and " +
        `\`days\` is the number of days in the range. Both dates lie between ${FIRST_DATE} and today (else INVALID_INPUT; a ` +
        `date after every learner's today is FUTURE_DATE); \`from\` after \`to\` or more than ${STATS_MAX_BUCKETS} buckets is INVALID_INPUT. ` +
        'Before a language is chosen every bucket is zeros. Weeks and months that lie wholly in the range and are settled (their last day ' +
        "two days or more before the server's UTC date, out of reach of adds) are remembered per language and summed again only after a " +
        'write that can change a past day (an edit, an import), so the cost follows the buckets asked for, not the days in them. ' +
        'At most 6 stats requests of one learner run or wait at once (429 RATE_LIMITED with Retry-After beyond), and a few of ' +
        'all learners\' run at once with a small queue (503 SERVICE_UNAVAILABLE with Retry-After when it is full).',
      security,
      querystring: statsQuerySchema,
      response: { 200: statsSchema, ...readErrors('RATE_LIMITED') },
    },
    handler: async (request): Promise<Stats> => statsOf(domain, request.userId, request.query),
  });
}
