/**
 * Reading days: one day's minutes, and the records of a date range. A short range's answer is
 * given again while the language's data has not changed (db/answerMemory.ts); a long one is
 * read and serialised RECORDS_PER_CHUNK days at a time, letting other requests run in between.
 */
import type { ActivityRecord, DailyMinutes } from '@common/api-types';
import type { ActivityRangeQuery } from '@common/schemas/calendar';
import { findDay } from '../db/activity';
import { remembered } from '../db/answerMemory';
import type { Account } from '../db/sessions';
import { jsonArray, recordChunks, RECORDS_PER_CHUNK, toDailyMinutes } from './activityRecord';
import type { DomainContext } from './context';
import { checkRealDate } from './dates';
import { ApiHttpError } from './errors';
import { languageForRead } from './languages';

/** One day's minutes in the named language, else the current one; zeros without a record or a language. */
export async function dayMinutes(ctx: DomainContext, userId: number, query: { date: string; language?: string }, account?: Account | null): Promise<DailyMinutes> {
  checkRealDate(query.date);
  const language = await languageForRead(ctx, userId, query.language, account);
  return toDailyMinutes(language ? await findDay(ctx.db, { userId, language, date: query.date }) : null);
}

/**
 * The records of a range, oldest first: an array, or for more than one chunk of them the JSON
 * array's text a chunk at a time (exactly the records' shape: toRecords builds them so).
 */
export async function recordsOfRange(
  ctx: DomainContext,
  userId: number,
  query: ActivityRangeQuery,
  account?: Account | null,
): Promise<ActivityRecord[] | AsyncGenerator<string>> {
  const { from, to, language: requested } = query;
  if (from !== undefined) checkRealDate(from, 'from');
  if (to !== undefined) checkRealDate(to, 'to');
  if (from !== undefined && to !== undefined && from > to) throw new ApiHttpError(400, 'INVALID_INPUT', `"from" (${from}) is after "to" (${to}).`);
  const language = await languageForRead(ctx, userId, requested, account);
  if (!language) return [];
  const key = { userId, language };
  const firstChunkOrStream = async (): Promise<ActivityRecord[] | AsyncGenerator<string>> => {
    const chunks = recordChunks(ctx.db, { ...key, from, to });
    const first = await chunks.next();
    if (first.done) return [];
    return first.value.length < RECORDS_PER_CHUNK ? first.value : jsonArray(first.value, chunks);
  };
  return remembered(ctx.db, 'range', key, `${from ?? ''}..${to ?? ''}`, firstChunkOrStream, Array.isArray);
}

/** The minutes of a language between two dates, from the running totals. */
export { monthTotal } from '../db/activity';
