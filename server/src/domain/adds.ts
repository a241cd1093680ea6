/**
 * Adding minutes to a day (contract, first and third editions): the day limits' answers, which
 * days an add may name, and the keyed add that applies exactly once.
 */
import type { Kysely } from 'kysely';
import type { ActivityRecord } from '@common/api-types';
import { oldestKeyedAddDay } from '@common/keyedAddWindow';
import { KEYED_ADD_DAYS_BACK, SKILLS, skillDailyField, type Skill } from '@common/domain';
import type { AddDailyActivity } from '@common/schemas/activity';
import { addMinutes, addMinutesIn, addTodayMinutesAt, type AddResult, type DayKey } from '../db/activity';
import type { Database } from '../db/database';
import { goalsInForce, goalsInForceAt } from '../db/goals';
import { atOnce } from '../db/prepared';
import { onceForKey, onceForKeyAtOnce, type KeyLimit, type StoredAnswer } from '../db/idempotency';
import type { Account } from '../db/sessions';
import { ApiHttpError, errorBody, retryAfterSeconds } from './errors';
import { toRecord } from './activityRecord';
import type { DomainContext } from './context';
import { checkDate, earliestToday, isPlausibleToday, settledDay } from './dates';
import { brokenDayLimit, checkDayLimits, dayLimitError, withAdded } from './dayLimits';
import { languageForWrite } from './languages';

/**
 * An Idempotency-Key is kept this many days after its first use (the contract asks for at least
 * 30): its add replays until then, it counts toward the keys held until then, and then
 * plugins/keyPruning.ts deletes it.
 */
export const KEY_RETENTION_DAYS = 31;

const NO_MINUTES: Record<Skill, number> = { listening: 0, reading: 0, speaking: 0, writing: 0 };

/** An add's minutes alone past the skill's limit are refused before anything is written. */
const checkAddedMinutes = (skill: Skill, minutes: number) => checkDayLimits(withAdded(NO_MINUTES, skill, minutes));

/**
 * The day's record after an add, or the limit it would have passed. The statement refused it, so
 * a limit held it back: read after, a day another request lowered meanwhile is the total's.
 */
async function addedRecord(db: Kysely<Database>, key: DayKey, skill: Skill, minutes: number, result: AddResult): Promise<ActivityRecord> {
  if (!result.ok) throw dayLimitError(brokenDayLimit(withAdded(result.day, skill, minutes)) ?? 'total');
  return toRecord(result.day, await goalsInForce(db, key.userId, key.language, key.date, key.date));
}

/**
 * An add to today and its answer in one transaction run at once, where the database offers that
 * way (SQLite while no other transaction is open: db/prepared.ts, atOnce): the same statements and
 * the same durable COMMIT, the goals read inside it. Undefined: the caller takes the Kysely way.
 * Issue #54: about a third of an add's CPU went to the turns of the event loop around each step.
 */
function addedAtOnce(db: Kysely<Database>, key: DayKey, skill: Skill, minutes: number): ActivityRecord | undefined {
  const done = atOnce(db, (tx) => {
    const result = addTodayMinutesAt(tx, key, skill, minutes);
    return { result, goals: result.ok ? goalsInForceAt(tx, key.userId, key.language, key.date, key.date) : [] };
  });
  if (!done) return undefined;
  const { result, goals } = done.value;
  if (!result.ok) throw dayLimitError(brokenDayLimit(withAdded(result.day, skill, minutes)) ?? 'total');
  return toRecord(result.day, goals);
}

/** Without a key an add names the learner's today; earlier days are edited with PATCH. */
function checkAddDate(ctx: Pick<DomainContext, 'now'>, date: string): void {
  checkDate(ctx, date);
  if (!isPlausibleToday(ctx, date)) {
    throw new ApiHttpError(400, 'INVALID_INPUT', 'Minutes can only be added to today; edit earlier days in the calendar.');
  }
}

/**
 * With a key (an add made offline, sent later) a day up to KEYED_ADD_DAYS_BACK days before today
 * (common/keyedAddWindow.ts), counted from the earliest learner's today, so no learner's is refused.
 */
export function checkKeyedAddDate(ctx: Pick<DomainContext, 'now'>, date: string): void {
  checkDate(ctx, date);
  const earliest = oldestKeyedAddDay(earliestToday(ctx));
  if (date < earliest) {
    throw new ApiHttpError(
      400,
      'INVALID_INPUT',
      `Minutes sent with an Idempotency-Key can be added to today or up to ${KEYED_ADD_DAYS_BACK} days before it (not before ${earliest}); edit earlier days in the calendar.`,
    );
  }
}

export interface KeyedAdd {
  userId: number;
  language: string;
  date: string;
  skill: Skill;
  minutes: number;
  key: string;
  /** The access token making the add, null for the learner's session: its keys are bounded and kept apart. */
  tokenId: string | null;
  /**
   * Whether the request named its language (?language=). A keyed add that did not resolved to the
   * current language at its first use: a retry without it is the same request whatever the current
   * language is now, and replays where the first one landed (contract, fourth edition).
   */
  languageNamed: boolean;
}

/** The key's fingerprint: the add's language, date, skill and minutes. */
const fingerprintOf = (add: KeyedAdd) => JSON.stringify([add.language, add.date, add.skill, add.minutes]);
const withoutLanguage = (fingerprint: string) => JSON.stringify((JSON.parse(fingerprint) as unknown[]).slice(1));

/**
 * The add under an Idempotency-Key: the first request's answer (its record, or the 4xx it was
 * refused with) is stored with the key in the add's own transaction and given back byte for byte
 * to every later request with the same key and body. `serialize` writes the record exactly as
 * the route's answer schema does; `keyLimit` is the bound on a learner's keys at a time (epoch ms).
 */
async function addOnce(
  ctx: DomainContext,
  add: KeyedAdd,
  serialize: (record: ActivityRecord) => string,
  keyLimit: (nowMs: number, tokenId: string | null) => KeyLimit,
): Promise<{ answer: StoredAnswer; replayed: boolean }> {
  const day = { userId: add.userId, language: add.language, date: add.date };
  const claim = {
    userId: add.userId,
    key: add.key,
    fingerprint: fingerprintOf(add),
    now: ctx.now().getTime(),
    tokenId: add.tokenId,
    limit: keyLimit(ctx.now().getTime(), add.tokenId),
    ...(add.languageNamed ? {} : { sameRequest: (stored: string) => withoutLanguage(stored) === withoutLanguage(fingerprintOf(add)) }),
  };
  // A refusal of the add (a 4xx) is its stored answer, in the key's transaction as any other.
  const answered = (write: () => string): StoredAnswer => {
    try {
      return { status: 200, body: write() };
    } catch (err) {
      if (err instanceof ApiHttpError && err.statusCode < 500) return { status: err.statusCode, body: errorBody(err.code, err.message) };
      throw err;
    }
  };
  // Today's add (not a settled day's: the async way moves the history version) in one transaction run at once where the database offers it.
  const atOnceOutcome = add.date > settledDay(ctx)
    ? onceForKeyAtOnce(ctx.db, claim, (tx) =>
      answered(() => {
        checkKeyedAddDate(ctx, add.date);
        checkAddedMinutes(add.skill, add.minutes);
        const result = addTodayMinutesAt(tx, day, add.skill, add.minutes);
        if (!result.ok) throw dayLimitError(brokenDayLimit(withAdded(result.day, add.skill, add.minutes)) ?? 'total');
        return serialize(toRecord(result.day, goalsInForceAt(tx, day.userId, day.language, day.date, day.date)));
      }))
    : undefined;
  const outcome = atOnceOutcome ?? await onceForKey(ctx.db, claim, async (trx) => {
    try {
      checkKeyedAddDate(ctx, add.date);
      checkAddedMinutes(add.skill, add.minutes);
      // Days the calendar and the insights may already remember move the history version when an offline add reaches them.
      const settled = add.date <= settledDay(ctx);
      const result = await addMinutesIn(trx, day, add.skill, add.minutes, { settledDay: settled });
      return { status: 200, body: serialize(await addedRecord(trx, day, add.skill, add.minutes, result)) };
    } catch (err) {
      if (err instanceof ApiHttpError && err.statusCode < 500) return { status: err.statusCode, body: errorBody(err.code, err.message) };
      throw err;
    }
  });
  switch (outcome.kind) {
    case 'reused':
      throw new ApiHttpError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different add; send a new key for a new add.');
    case 'inUse':
      throw new ApiHttpError(409, 'IDEMPOTENCY_KEY_IN_USE', 'An add with this Idempotency-Key is still being processed; try again in a moment.', { 'retry-after': '1' });
    case 'full':
      throw new ApiHttpError(429, 'RATE_LIMITED', add.tokenId === null
          ? `Too many Idempotency-Keys in use: a new key is taken again once older ones expire (${KEY_RETENTION_DAYS} days after their first use).`
          : `This access token holds too many Idempotency-Keys: a new key is taken again once older ones expire (${KEY_RETENTION_DAYS} days after their first use), or make a new token.`, {
        'retry-after': String(retryAfterSeconds(outcome.retryAfterMs)),
      });
    default:
      return { answer: outcome.answer, replayed: outcome.kind === 'replayed' };
  }
}

export interface AddRequest {
  userId: number;
  /** The user's row read with the session in this request, when it was (one query less). */
  account?: Account | null;
  /** ?language=, when the request named one. */
  requested?: string;
  body: AddDailyActivity;
  /** The Idempotency-Key header, when sent. */
  key?: string;
  /** The access token making the add; null or absent for the learner's session. */
  tokenId?: string | null;
}

/** Without a key, the day's record; with one, the key's stored answer (status and bytes) and whether it was replayed. */
export type AddAnswer = { record: ActivityRecord } | { stored: StoredAnswer; replayed: boolean };

/** An add names exactly one of the four skill fields. */
function oneSkillOf(body: AddDailyActivity): { skill: Skill; minutes: number } {
  const skills = SKILLS.filter((skill) => body[skillDailyField(skill)] !== undefined);
  if (skills.length !== 1) throw new ApiHttpError(400, 'INVALID_INPUT', 'Add minutes to exactly one skill at a time.');
  const [skill] = skills;
  return { skill, minutes: body[skillDailyField(skill)] as number };
}

/**
 * An add (POST): without a key to the learner's today, applied at once; with one, exactly once
 * (addOnce). `serialize` and `keyLimit` as addOnce takes them.
 */
export async function addToDay(
  ctx: DomainContext,
  add: AddRequest,
  serialize: (record: ActivityRecord) => string,
  keyLimit: (nowMs: number, tokenId: string | null) => KeyLimit,
): Promise<AddAnswer> {
  const { skill, minutes } = oneSkillOf(add.body);
  const { userId, body, key, requested } = add;
  if (key === undefined) {
    checkAddDate(ctx, body.date);
    const language = await languageForWrite(ctx, userId, add.account, requested);
    checkAddedMinutes(skill, minutes);
    const day = { userId, language, date: body.date };
    const atOnceRecord = addedAtOnce(ctx.db, day, skill, minutes);
    if (atOnceRecord) return { record: atOnceRecord };
    return { record: await addedRecord(ctx.db, day, skill, minutes, await addMinutes(ctx.db, day, skill, minutes)) };
  }
  const language = await languageForWrite(ctx, userId, add.account, requested);
  const keyed = { userId, language, date: body.date, skill, minutes, key, tokenId: add.tokenId ?? null, languageNamed: requested !== undefined };
  const { answer, replayed } = await addOnce(ctx, keyed, serialize, keyLimit);
  return { stored: answer, replayed };
}
