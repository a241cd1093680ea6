/**
 * The rules both sides (or the code and the SQL) apply, each written once (common/achieved.ts,
 * domain/goals.ts, common/keyedAddWindow.ts): every rule's cases are listed once here and run
 * against every place that applies the rule, the database's queries included (SQLite, and
 * PostgreSQL in the server-postgres run), so no place can drift from the others.
 */
import { describe, expect, it } from 'vitest';
import { isAchieved, markFor, reachesGoal, type AchievedMark } from '@common/achieved';
import { DEFAULT_DAILY_GOAL_MINUTES } from '@common/domain';
import { oldestKeyedAddDay } from '@common/keyedAddWindow';
import { addDaysIso } from '@common/buckets';
import type { ActivityRecord } from '@common/api-types';
// The app's side of the keyed-add window, checked against the server's in one table.
// eslint-disable-next-line import/no-restricted-paths
import { capToDailyLimits } from '@/lib/timerSpan';
import { findDay } from '../src/db/activity';
import { goalsInForce, SINCE_EVER, type GoalEntry } from '../src/db/goals';
import { sumBuckets } from '../src/db/stats';
import { storedMark, toRecord } from '../src/domain/activityRecord';
import { checkKeyedAddDate } from '../src/domain/adds';
import { ApiHttpError } from '../src/domain/errors';
import { goalOn } from '../src/domain/goals';
import { nudgeFor } from '../src/domain/reminders';
import { describeDb, signUp, testAppForFile, withLanguage } from './helper';

const LANGUAGE = 'Spanish';
/** A Tuesday long past: no rest day by default, never today. */
const DAY = '2026-03-10';

/** "Achieved": the learner's own mark when they gave one, else total >= the goal in force. */
const ACHIEVED: { rule: string; mark: AchievedMark; total: number; goal: number; achieved: boolean }[] = [
  { rule: 'no mark, minutes below the goal: not achieved', mark: null, total: 29, goal: 30, achieved: false },
  { rule: 'no mark, minutes exactly at the goal: achieved', mark: null, total: 30, goal: 30, achieved: true },
  { rule: 'no mark, minutes past the goal: achieved', mark: null, total: 95, goal: 30, achieved: true },
  { rule: 'no mark, no minutes: not achieved', mark: null, total: 0, goal: 30, achieved: false },
  { rule: 'marked achieved, minutes below the goal: achieved', mark: true, total: 10, goal: 30, achieved: true },
  { rule: 'marked achieved, no minutes: achieved', mark: true, total: 0, goal: 30, achieved: true },
  { rule: 'marked not achieved, minutes at the goal: not achieved', mark: false, total: 30, goal: 30, achieved: false },
  { rule: 'marked not achieved, minutes far past the goal: not achieved', mark: false, total: 200, goal: 30, achieved: false },
];

/** The goal in force on a day: the latest change on or before it, else the first goal ever, else the default. */
const GOAL_IN_FORCE: { rule: string; history: GoalEntry[]; date: string; goal: number }[] = [
  { rule: 'no goal history: the default goal', history: [], date: DAY, goal: DEFAULT_DAILY_GOAL_MINUTES },
  { rule: 'one goal since ever holds every day', history: [{ from: SINCE_EVER, minutes: 20 }], date: DAY, goal: 20 },
  { rule: 'a change holds from its own day', history: [{ from: SINCE_EVER, minutes: 20 }, { from: DAY, minutes: 45 }], date: DAY, goal: 45 },
  { rule: 'a change does not hold the day before it', history: [{ from: SINCE_EVER, minutes: 20 }, { from: addDaysIso(DAY, 1), minutes: 45 }], date: DAY, goal: 20 },
  {
    rule: 'of several changes, the latest on or before the day',
    history: [{ from: SINCE_EVER, minutes: 20 }, { from: '2026-03-01', minutes: 30 }, { from: '2026-03-05', minutes: 40 }, { from: '2026-03-20', minutes: 50 }],
    date: DAY,
    goal: 40,
  },
  { rule: 'before the first entry, the first goal ever', history: [{ from: '2026-03-12', minutes: 25 }, { from: '2026-03-15', minutes: 35 }], date: DAY, goal: 25 },
];

/** The keyed-add window: the learner's today and the 7 days before it. */
const KEYED_ADD_WINDOW: { rule: string; today: string; date: string; allowed: boolean }[] = [
  { rule: 'today itself', today: DAY, date: DAY, allowed: true },
  { rule: 'yesterday', today: DAY, date: '2026-03-09', allowed: true },
  { rule: '7 days before today', today: DAY, date: '2026-03-03', allowed: true },
  { rule: '8 days before today', today: DAY, date: '2026-03-02', allowed: false },
  { rule: '7 days back across a new year', today: '2026-01-03', date: '2025-12-27', allowed: true },
  { rule: '8 days back across a new year', today: '2026-01-03', date: '2025-12-26', allowed: false },
  { rule: '7 days back across a clock change (Europe, 29 March)', today: '2026-04-02', date: '2026-03-26', allowed: true },
  { rule: '8 days back across a clock change', today: '2026-04-02', date: '2026-03-25', allowed: false },
];

describeDb('each shared rule, one table of cases, every place that applies it', () => {
  const ctx = testAppForFile();

  /** A learner of LANGUAGE whose goal history is exactly `history`, with `day`'s row as given (none: no row). */
  async function learnerWith(history: GoalEntry[], day?: { total: number; mark: AchievedMark }) {
    const { cookie, email } = await signUp(ctx.app);
    await withLanguage(ctx.app, cookie, LANGUAGE);
    const { id: userId } = await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await ctx.db.deleteFrom('daily_goals').where('user_id', '=', userId).execute();
    if (history.length > 0) {
      await ctx.db.insertInto('daily_goals').values(history.map((g) => ({ user_id: userId, language: LANGUAGE, effective_from: g.from, minutes: g.minutes }))).execute();
    }
    if (day) {
      await ctx.db
        .insertInto('daily_activity')
        .values({ user_id: userId, language: LANGUAGE, date: DAY, listening: day.total, reading: 0, speaking: 0, writing: 0, achieved_override: storedMark(day.mark) })
        .execute();
    }
    return { cookie, userId, key: { userId, language: LANGUAGE } };
  }

  /** The day's achieved days as the insights' SQL counts them (0 or 1). */
  const sqlAchieved = async (userId: number) =>
    (await sumBuckets(ctx.db, { userId, language: LANGUAGE, from: DAY, to: DAY, bucket: 'day' }))[0]?.achieved;

  describe.each(ACHIEVED)('achieved: $rule', ({ mark, total, goal, achieved }) => {
    it('the rule itself (common/achieved.ts), as the app and the server apply it', () => {
      expect(isAchieved(mark, total, goal)).toBe(achieved);
    });

    it('a file imported or a day editor opened with this answer keeps it: a mark only where the minutes give another', () => {
      // transfer/applyImport.ts stores markFor of a file's answer; the day editor reads the record's answer back as markFor.
      expect(isAchieved(markFor(achieved, total, goal), total, goal)).toBe(achieved);
      expect(markFor(achieved, total, goal) === null).toBe(achieved === reachesGoal(total, goal));
    });

    it('the server\'s records, the insights\' SQL and the reminder agree', async () => {
      const learner = await learnerWith([{ from: SINCE_EVER, minutes: goal }], { total, mark });
      const day = await findDay(ctx.db, { ...learner.key, date: DAY });
      expect(day && toRecord(day, await goalsInForce(ctx.db, learner.userId, LANGUAGE, DAY, DAY)).achieved).toBe(achieved);

      const read = await ctx.app.inject({ method: 'GET', url: `/api/user/daily-activity/all?from=${DAY}&to=${DAY}`, headers: { cookie: learner.cookie } });
      expect(read.statusCode, read.body).toBe(200);
      expect((read.json() as ActivityRecord[]).map((r) => r.achieved)).toEqual([achieved]);

      expect(await sqlAchieved(learner.userId)).toBe(achieved ? 1 : 0);

      // The reminder skips exactly the days the dashboard calls achieved.
      const nudge = await nudgeFor(ctx.db, { ...learner.key, skipWhenGoalMet: true }, DAY);
      expect(nudge === null).toBe(achieved);
    });
  });

  describe.each(GOAL_IN_FORCE)('the goal in force: $rule', ({ history, date, goal }) => {
    it('domain/goals.ts, over the whole history and over the entries db/goals.ts reads for the day', async () => {
      expect(goalOn(history, date)).toBe(goal);
      const learner = await learnerWith(history);
      expect(goalOn(await goalsInForce(ctx.db, learner.userId, LANGUAGE, date, date), date)).toBe(goal);
    });

    it('the insights\' SQL: a day reaching exactly that goal is achieved, a minute less is not', async () => {
      const reaching = await learnerWith(history, { total: goal, mark: null });
      expect(await sqlAchieved(reaching.userId)).toBe(1);
      const short = await learnerWith(history, { total: goal - 1, mark: null });
      expect(await sqlAchieved(short.userId)).toBe(0);
    });

    it('the reminder counts toward that goal', async () => {
      const learner = await learnerWith(history, { total: 1, mark: null });
      const nudge = await nudgeFor(ctx.db, { ...learner.key, skipWhenGoalMet: true }, date);
      expect(nudge?.body).toBe(`${goal - 1} minutes to today's goal in ${LANGUAGE}`);
    });
  });

  describe.each(KEYED_ADD_WINDOW)('the keyed-add window: $rule', ({ today, date, allowed }) => {
    it('the rule itself (common/keyedAddWindow.ts)', () => {
      expect(date >= oldestKeyedAddDay(today)).toBe(allowed);
    });

    it('the app sends a stopped timer\'s minutes for that day, or keeps them back', () => {
      const { adds } = capToDailyLimits([{ date, minutes: 5 }], 'listening', {}, today);
      expect(adds.length > 0).toBe(allowed);
    });

    it('the server takes a keyed add for that day from a learner whose today is the earliest anywhere, or refuses it', () => {
      // At noon UTC of the next day, `today` is the earliest date that is still today somewhere.
      const now = () => new Date(`${addDaysIso(today, 1)}T12:00:00Z`);
      const check = () => checkKeyedAddDate({ now }, date);
      if (allowed) expect(check).not.toThrow();
      else expect(check).toThrow(ApiHttpError);
    });
  });
});
