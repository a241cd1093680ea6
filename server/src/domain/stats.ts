/**
 * Insights: minutes, active days and achieved days per day, week or month of a date range, every
 * bucket the range touches present (empty ones with zeros), and their totals. Settled weeks and
 * months are summed from what db/statsCache.ts remembers.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { bucketCount, bucketStarts, daysInRange } from '@common/buckets';
import { STATS_MAX_BUCKETS, type Stats, type StatsBucketRow, type StatsQuery } from '@common/schemas/stats';
import { sumDays, type BucketSums } from '../db/stats';
import { sumBucketsCached } from '../db/statsCache';
import type { DomainContext } from './context';
import { checkDate, settledDay } from './dates';
import { ApiHttpError } from './errors';
import { languageForRead } from './languages';

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

/** The stats of `query` for the learner (their current language unless it names one). */
export async function statsOf(ctx: DomainContext, userId: number, query: StatsQuery): Promise<Stats> {
  const { from, to, bucket, language: requested } = query;
  checkDate(ctx, from, 'from');
  checkDate(ctx, to, 'to');
  if (from > to) throw new ApiHttpError(400, 'INVALID_INPUT', '"from" must not be after "to".');
  const count = bucketCount(from, to, bucket);
  if (count > STATS_MAX_BUCKETS) {
    throw new ApiHttpError(400, 'INVALID_INPUT', `The range holds ${count} ${bucket} buckets; at most ${STATS_MAX_BUCKETS} are allowed.`);
  }
  const language = await languageForRead(ctx, userId, requested);
  let sums: BucketSums[] = [];
  if (language) {
    const key = { userId, language, from, to };
    // Days stay live (their count is bounded by the bucket limit); weeks and months are remembered up to the settled day.
    sums = bucket === 'day' ? await sumDays(ctx.db, key) : await sumBucketsCached(ctx.db, { ...key, bucket }, settledDay(ctx));
  }
  const filled = new Map(sums.map((s) => [s.start, toBucket(s)]));
  const buckets = bucketStarts(from, to, bucket).map((start) => filled.get(start) ?? zeros(start));
  const totals = { ...zeros(''), days: daysInRange(from, to) };
  for (const b of buckets) for (const field of SUMMED) totals[field] += b[field];
  const { start: _start, ...rest } = totals;
  // Serializing up to 3,700 buckets is a step of its own: other requests run between it and the sums (issue #30).
  if (buckets.length > 400) await nextTurn();
  return { from, to, bucket, buckets, totals: rest };
}
