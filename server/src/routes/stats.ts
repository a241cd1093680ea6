/** Insights: minutes, active days and achieved days per day, week or month of a date range. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, underUser } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { addDaysIso, bucketCount, bucketStarts, daysInRange } from '@common/buckets';
import { FIRST_DATE } from '@common/domain';
import { STATS_MAX_BUCKETS, statsQuerySchema, statsSchema, type Stats, type StatsBucketRow } from '@common/schemas/stats';
import { sumDays, type BucketSums } from '../db/stats';
import { sumBucketsCached } from '../db/statsCache';
import { ApiHttpError } from '../domain/errors';
import { readErrors, security } from './schemas';
import { checkDate, utcToday } from '../domain/dates';
import { languageForRead } from '../domain/languages';

const zeros = (start: string): StatsBucketRow => ({
  start,
  listeningMins: 0,
  readingMins: 0,
  speakingMins: 0,
  writingMins: 0,
  totalMins: 0,
  activeDays: 0,
  achievedDays: 0,
});

function toBucket(sums: BucketSums): StatsBucketRow {
  return {
    start: sums.start,
    listeningMins: sums.listening,
    readingMins: sums.reading,
    speakingMins: sums.speaking,
    writingMins: sums.writing,
    totalMins: sums.listening + sums.reading + sums.speaking + sums.writing,
    activeDays: sums.active,
    achievedDays: sums.achieved,
  };
}

const SUMMED = ['listeningMins', 'readingMins', 'speakingMins', 'writingMins', 'totalMins', 'activeDays', 'achievedDays'] as const;

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
    handler: async (request): Promise<Stats> => {
      const { from, to, bucket, language: requested } = request.query;
      checkDate(domain, from, 'from');
      checkDate(domain, to, 'to');
      if (from > to) throw new ApiHttpError(400, 'INVALID_INPUT', '"from" must not be after "to".');
      const count = bucketCount(from, to, bucket);
      if (count > STATS_MAX_BUCKETS) {
        throw new ApiHttpError(400, 'INVALID_INPUT', `The range holds ${count} ${bucket} buckets; at most ${STATS_MAX_BUCKETS} are allowed.`);
      }
      const language = await languageForRead(domain, request.userId, requested);
      let sums: BucketSums[] = [];
      if (language) {
        const key = { userId: request.userId, language, from, to };
        // Days stay live (their count is bounded by the bucket limit); for weeks and months, the
        // settled day of the calendar's streak: no add reaches it or any day before it.
        sums = bucket === 'day' ? await sumDays(app.db, key) : await sumBucketsCached(app.db, { ...key, bucket }, addDaysIso(utcToday(domain), -2));
      }
      const filled = new Map(sums.map((s) => [s.start, toBucket(s)]));
      const buckets = bucketStarts(from, to, bucket).map((start) => filled.get(start) ?? zeros(start));
      const totals = { ...zeros(''), days: daysInRange(from, to) };
      for (const b of buckets) for (const field of SUMMED) totals[field] += b[field];
      const { start: _start, ...rest } = totals;
      // Serializing up to 3,700 buckets is a step of its own: other requests run between it and the sums (issue #30).
      if (buckets.length > 400) await nextTurn();
      return { from, to, bucket, buckets, totals: rest };
    },
  });
}
