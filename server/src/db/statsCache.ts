/**
 * Insights per week or month with the settled buckets remembered (migration 20261123_03_stats_cache).
 *
 * A bucket is settled once its last day is on or before the settled day (two days before the
 * server's UTC date, as for the calendar's streak): no add can reach it any more (adds go to the
 * learner's today only), and every other write that can change it (an edit of a past day, an
 * import, a goal change that rewrites the first goal) moves the language's history_version in the
 * same transaction (db/activity.ts, historyChanged). A remembered bucket counts only while its
 * version is the current one, checked in the query that reads it.
 *
 * A read then costs: one indexed query for the remembered buckets of the range (with the version),
 * the buckets cut by `from` or `to` or not settled yet summed live (at most two spans: the first
 * bucket, and the last one or two, at most 33 days), and, only the first time or after such a write, one sum over the missing settled
 * buckets, which are remembered for the next read. The sums are sumBuckets' in every case, so the
 * answer is the same as summing every day.
 */
import type { Kysely } from 'kysely';
import { addDaysIso, addMonthsIso, bucketStarts } from '@common/buckets';
import type { Database } from './database';
import { isForeignKeyViolation } from './index';
import { prepared } from './prepared';
import { sumBuckets, type BucketSums } from './stats';

export type CachedBucket = 'week' | 'month';

export interface CachedKey {
  userId: number;
  language: string;
  from: string;
  to: string;
  bucket: CachedBucket;
}

/** Rows per INSERT: 11 values each, far below either database's limit on parameters. */
const ROWS_PER_INSERT = 500;

/** The last day of the bucket that starts on `start`. */
export function bucketEnd(start: string, bucket: CachedBucket): string {
  return addDaysIso(bucket === 'month' ? addMonthsIso(start, 1) : addDaysIso(start, 7), -1);
}

const zeroSums = (start: string): BucketSums => ({ start, listening: 0, reading: 0, speaking: 0, writing: 0, active: 0, achieved: 0 });

/**
 * The language's history_version and its remembered buckets of that version from `first` to
 * `last` (their starts): one row per bucket, or one row with null sums when none is remembered;
 * no row at all when the language was never started. The primary keys of both tables lead the
 * lookups (user, language[, bucket, start]).
 */
const rememberedQuery = prepared((db, p: { userId: number; language: string; bucket: CachedBucket; first: string; last: string }) =>
  db
    .selectFrom('user_languages as ul')
    .leftJoin('stats_buckets as b', (join) =>
      join
        .onRef('b.user_id', '=', 'ul.user_id')
        .onRef('b.language', '=', 'ul.language')
        .on('b.bucket', '=', p.bucket)
        .on('b.start', '>=', p.first)
        .on('b.start', '<=', p.last)
        .onRef('b.version', '=', 'ul.history_version'),
    )
    .select(['ul.history_version', 'b.start', 'b.listening', 'b.reading', 'b.speaking', 'b.writing', 'b.active', 'b.achieved'])
    .where('ul.user_id', '=', p.userId)
    .where('ul.language', '=', p.language),
);

/**
 * Sums per bucket of `from`..`to` (the buckets that have any day row, or remembered zeros; the
 * route fills the rest with zeros), oldest first, like sumBuckets.
 */
export async function sumBucketsCached(db: Kysely<Database>, key: CachedKey, settled: string): Promise<BucketSums[]> {
  const { from, to, bucket } = key;
  const through = to < settled ? to : settled;
  // Whole buckets inside the range and settled: one run of consecutive buckets, or none.
  const whole = bucketStarts(from, to, bucket).filter((start) => start >= from && bucketEnd(start, bucket) <= through);
  if (whole.length === 0) return sumBuckets(db, key);
  const first = whole[0];
  const last = whole[whole.length - 1];
  const live = async (spanFrom: string, spanTo: string) => (spanFrom <= spanTo ? sumBuckets(db, { ...key, from: spanFrom, to: spanTo }) : []);
  const [remembered, head, tail] = await Promise.all([
    rememberedQuery.execute(db, { userId: key.userId, language: key.language, bucket, first, last }),
    // The first bucket when `from` cuts it; the buckets after the whole ones: cut by `to`, or not settled yet.
    live(from, addDaysIso(first, -1)),
    live(addDaysIso(bucketEnd(last, bucket), 1), to),
  ]);
  // A language never started has no day rows (they reference its row): nothing to sum or remember.
  if (remembered.length === 0) return [...head, ...tail];
  const version = Number(remembered[0].history_version);
  const known = new Map<string, BucketSums>();
  for (const row of remembered) {
    if (row.start === null) continue;
    known.set(row.start, {
      start: row.start,
      listening: Number(row.listening),
      reading: Number(row.reading),
      speaking: Number(row.speaking),
      writing: Number(row.writing),
      active: Number(row.active),
      achieved: Number(row.achieved),
    });
  }
  const missing = whole.filter((start) => !known.has(start));
  if (missing.length > 0) {
    const span = { ...key, from: missing[0], to: bucketEnd(missing[missing.length - 1], bucket) };
    const computed = new Map((await sumBuckets(db, span)).map((sums) => [sums.start, sums]));
    const fresh = missing.map((start) => computed.get(start) ?? zeroSums(start));
    await rememberBuckets(db, key, version, fresh);
    for (const sums of fresh) known.set(sums.start, sums);
  }
  return [...head, ...whole.map((start) => known.get(start) as BucketSums), ...tail];
}

/**
 * Writes the buckets computed at `version` (the version read before their days were summed: a
 * write committed in between moved it, and the rows are then never served). Concurrent readers
 * may write the same buckets: the upsert keeps the newest version and never fails on a duplicate.
 * The language's row gone meanwhile (account deleted) leaves nothing to remember.
 */
async function rememberBuckets(db: Kysely<Database>, key: CachedKey, version: number, sums: BucketSums[]): Promise<void> {
  const { userId, language, bucket } = key;
  try {
    for (let at = 0; at < sums.length; at += ROWS_PER_INSERT) {
      const rows = sums.slice(at, at + ROWS_PER_INSERT).map((s) => ({
        user_id: userId,
        language,
        bucket,
        start: s.start,
        version,
        listening: s.listening,
        reading: s.reading,
        speaking: s.speaking,
        writing: s.writing,
        active: s.active,
        achieved: s.achieved,
      }));
      await db
        .insertInto('stats_buckets')
        .values(rows)
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'language', 'bucket', 'start'])
            .doUpdateSet((eb) => ({
              version: eb.ref('excluded.version'),
              listening: eb.ref('excluded.listening'),
              reading: eb.ref('excluded.reading'),
              speaking: eb.ref('excluded.speaking'),
              writing: eb.ref('excluded.writing'),
              active: eb.ref('excluded.active'),
              achieved: eb.ref('excluded.achieved'),
            }))
            .where((eb) => eb('stats_buckets.version', '<=', eb.ref('excluded.version'))),
        )
        .execute();
    }
  } catch (err) {
    if (!isForeignKeyViolation(err)) throw err;
  }
}
