/**
 * Minutes, active days and achieved days per day, week or month of one language, summed by the
 * database over the range's rows only (the primary key starts with user, language, date), so the
 * cost follows the days asked for, never the length of the history.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, SqliteAdapter, type Kysely, type RawBuilder } from 'kysely';
import { addDaysIso } from '@common/buckets';
import { DEFAULT_DAILY_GOAL_MINUTES } from '@common/domain';
import type { StatsBucket } from '@common/schemas/stats';
import type { Database, StatsBucketsTable } from './database';

/** One bucket's sums: the columns a settled bucket is remembered with (StatsBucketsTable), without its key and version. */
export type BucketSums = Omit<StatsBucketsTable, 'user_id' | 'language' | 'bucket' | 'version'>;

/** The first day of a row's bucket as `YYYY-MM-DD`; the one place where the two dialects differ. */
function bucketStart(db: Kysely<Database>, bucket: StatsBucket): RawBuilder<string> {
  if (bucket === 'day') return sql<string>`a.date`;
  if (bucket === 'month') return sql<string>`substr(a.date, 1, 7) || '-01'`;
  return db.getExecutor().adapter instanceof SqliteAdapter
    ? sql<string>`date(a.date, '-' || strftime('%w', a.date) || ' days')`
    : sql<string>`to_char(a.date::date - extract(dow from a.date::date)::int, 'YYYY-MM-DD')`;
}

/**
 * Days of a day read summed by one query. SQLite answers synchronously, so 10 years of days in one
 * query held every other request for its whole time (about 15 ms, more under load); a year at a
 * time, with a turn of the event loop after each, holds them for about 1.5 ms (issue #30).
 */
const DAYS_PER_QUERY = 366;

/** sumBuckets of day buckets, a year of days per query. */
export async function sumDays(db: Kysely<Database>, key: { userId: number; language: string; from: string; to: string }): Promise<BucketSums[]> {
  const sums: BucketSums[] = [];
  for (let from = key.from; from <= key.to; ) {
    const last = addDaysIso(from, DAYS_PER_QUERY - 1);
    const to = last < key.to ? last : key.to;
    sums.push(...(await sumBuckets(db, { ...key, from, to, bucket: 'day' })));
    from = addDaysIso(to, 1);
    await nextTurn();
  }
  return sums;
}

/**
 * `achieved` is the one rule (common/achieved.ts) in SQL: the learner's own answer, else the day's
 * total against the goal in force that day (domain/goals.ts's goalOn); server/test/shared-rules.test.ts
 * runs both rules' cases against this query. That goal is one index seek per day into the goal
 * history (the latest change on or before the day; else the first goal ever, as goalOn does), so a
 * long history of goal changes costs a logarithm per day, never days x goals.
 */
export async function sumBuckets(
  db: Kysely<Database>,
  key: { userId: number; language: string; from: string; to: string; bucket: StatsBucket },
): Promise<BucketSums[]> {
  const { userId, language, from, to } = key;
  const start = bucketStart(db, key.bucket);
  const total = sql`(a.listening + a.reading + a.speaking + a.writing)`;
  const goal = sql`coalesce(
    (select g.minutes from daily_goals g where g.user_id = ${userId} and g.language = ${language} and g.effective_from <= a.date
      order by g.effective_from desc limit 1),
    (select g.minutes from daily_goals g where g.user_id = ${userId} and g.language = ${language} order by g.effective_from limit 1),
    ${DEFAULT_DAILY_GOAL_MINUTES})`;
  const achieved = sql`case when a.achieved_override is not null then a.achieved_override when ${total} >= ${goal} then 1 else 0 end`;
  const rows = await sql<Record<keyof BucketSums, string | number>>`
    select ${start} as start,
      sum(a.listening) as listening, sum(a.reading) as reading, sum(a.speaking) as speaking, sum(a.writing) as writing,
      sum(case when ${total} > 0 then 1 else 0 end) as active,
      sum(${achieved}) as achieved
    from daily_activity a
    where a.user_id = ${userId} and a.language = ${language} and a.date >= ${from} and a.date <= ${to}
    group by 1
    order by 1`.execute(db);
  // PostgreSQL returns sum() of integers as a numeric string.
  return rows.rows.map((r) => ({
    start: String(r.start),
    listening: Number(r.listening),
    reading: Number(r.reading),
    speaking: Number(r.speaking),
    writing: Number(r.writing),
    active: Number(r.active),
    achieved: Number(r.achieved),
  }));
}
