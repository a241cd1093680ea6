/**
 * The daily reminder's tables (migration 20261126_03): the server's VAPID key pair, each learner's
 * reminder with its next firing, and the push subscriptions of their devices.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { PUSH_SUBSCRIPTIONS_MAX } from '@common/schemas/reminders';
import type { Database, RemindersTable } from './database';

type Db = Kysely<Database> | Transaction<Database>;

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The key pair, made by `make` when there is none yet. Inserted if absent and then read back, so
 * processes starting at once on one database all end with the pair that was stored first.
 */
export async function vapidKeys(db: Kysely<Database>, make: () => VapidKeys, nowMs: number): Promise<VapidKeys> {
  const read = () => db.selectFrom('push_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
  let row = await read();
  if (!row) {
    const keys = make();
    await db
      .insertInto('push_keys')
      .values({ id: 1, public_key: keys.publicKey, private_key: keys.privateKey, created_at: nowMs })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error('the VAPID key pair could not be stored');
  return { publicKey: row.public_key, privateKey: row.private_key };
}

export type ReminderRow = Pick<RemindersTable, 'enabled' | 'time' | 'time_zone' | 'skip_when_goal_met' | 'next_due_at' | 'last_sent_day'>;

export const readReminder = (db: Db, userId: number): Promise<ReminderRow | undefined> =>
  db
    .selectFrom('reminders')
    .select(['enabled', 'time', 'time_zone', 'skip_when_goal_met', 'next_due_at', 'last_sent_day'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

export type ReminderSettings = { enabled: boolean; time: string; timeZone: string; skipWhenGoalMet: boolean };

/** Saves the settings with their next firing (null when off); the day already sent stays sent. */
export async function saveReminder(db: Db, userId: number, settings: ReminderSettings, nextDueAt: number | null): Promise<void> {
  const values = {
    enabled: settings.enabled ? 1 : 0,
    time: settings.time,
    time_zone: settings.timeZone,
    skip_when_goal_met: settings.skipWhenGoalMet ? 1 : 0,
    next_due_at: nextDueAt,
  };
  await db
    .insertInto('reminders')
    .values({ user_id: userId, ...values, last_sent_day: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export type DueReminder = {
  userId: number;
  time: string;
  timeZone: string;
  skipWhenGoalMet: boolean;
  nextDueAt: number;
  lastSentDay: string | null;
  dayEndsAtHour: number;
  language: string | null;
};

/** The reminders whose firing has come (on the next_due_at index), oldest first, at most `limit`. */
export async function dueReminders(db: Kysely<Database>, nowMs: number, limit: number): Promise<DueReminder[]> {
  const rows = await db
    .selectFrom('reminders')
    .innerJoin('users', 'users.id', 'reminders.user_id')
    .select([
      'reminders.user_id',
      'reminders.time',
      'reminders.time_zone',
      'reminders.skip_when_goal_met',
      'reminders.next_due_at',
      'reminders.last_sent_day',
      'users.day_ends_at_hour',
      'users.current_language',
    ])
    .where('reminders.next_due_at', '<=', nowMs)
    .where('reminders.enabled', '=', 1)
    .orderBy('reminders.next_due_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    userId: Number(r.user_id),
    time: r.time,
    timeZone: r.time_zone,
    skipWhenGoalMet: Number(r.skip_when_goal_met) === 1,
    nextDueAt: Number(r.next_due_at),
    lastSentDay: r.last_sent_day,
    dayEndsAtHour: Number(r.day_ends_at_hour),
    language: r.current_language,
  }));
}

/**
 * Claims the learner day `day` of the reminder that was due at `dueAt` and moves it on to
 * `nextDueAt`, in one conditional UPDATE (a transaction of its own): of several processes seeing
 * the same due row, exactly one changes it (true). On PostgreSQL the others wait for its row lock,
 * then find the row moved and change nothing. A day already claimed is not claimed again.
 */
export async function claimReminderDay(db: Kysely<Database>, userId: number, dueAt: number, day: string, nextDueAt: number): Promise<boolean> {
  const result = await db
    .updateTable('reminders')
    .set({ last_sent_day: day, next_due_at: nextDueAt })
    .where('user_id', '=', userId)
    .where('enabled', '=', 1)
    .where('next_due_at', '=', dueAt)
    .where((eb) => eb.or([eb('last_sent_day', 'is', null), eb('last_sent_day', '<>', day)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Gives back a claimed day whose send failed before any push left (a read error): the reminder is
 * due again at `dueAt`, so the next tick, still within the lateness window, tries it again.
 */
export async function releaseReminderDay(db: Kysely<Database>, userId: number, dueAt: number, day: string, nextDueAt: number, previousDay: string | null): Promise<void> {
  await db
    .updateTable('reminders')
    .set({ last_sent_day: previousDay, next_due_at: dueAt })
    .where('user_id', '=', userId)
    .where('last_sent_day', '=', day)
    .where('next_due_at', '=', nextDueAt)
    .execute();
}

/**
 * Counts a day's failed push to the device and removes it once `limit` days in a row failed;
 * true when it was removed. A push that arrived sets the count back to 0.
 */
export async function recordDailyPush(db: Kysely<Database>, userId: number, endpoint: string, delivered: boolean, limit: number): Promise<boolean> {
  const device = db.updateTable('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint);
  if (delivered) {
    await device.set({ failed_days: 0 }).where('failed_days', '<>', 0).execute();
    return false;
  }
  await device.set((eb) => ({ failed_days: eb('failed_days', '+', 1) })).execute();
  const removed = await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).where('failed_days', '>=', limit).executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/** Moves a due reminder on without claiming a day (too late, or its day was already sent). */
export async function moveReminder(db: Kysely<Database>, userId: number, dueAt: number, nextDueAt: number): Promise<void> {
  await db.updateTable('reminders').set({ next_due_at: nextDueAt }).where('user_id', '=', userId).where('next_due_at', '=', dueAt).execute();
}

export type Subscription = { endpoint: string; p256dh: string; auth: string };


/** Adds the device, or replaces the keys of the same endpoint, keeping the newest PUSH_SUBSCRIPTIONS_MAX. */
export async function saveSubscription(db: Kysely<Database>, userId: number, subscription: Subscription, nowMs: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The learner's row held first: two devices added at once are counted one after the other (never 11).
    await trx.updateTable('users').set({ created_at: sql`created_at` }).where('id', '=', userId).execute();
    await trx
      .insertInto('push_subscriptions')
      .values({ user_id: userId, ...subscription, created_at: nowMs })
      .onConflict((oc) => oc.columns(['user_id', 'endpoint']).doUpdateSet({ p256dh: subscription.p256dh, auth: subscription.auth }))
      .execute();
    const kept = await trx
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(PUSH_SUBSCRIPTIONS_MAX)
      .execute();
    if (kept.length === PUSH_SUBSCRIPTIONS_MAX) {
      await trx
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where(
          'endpoint',
          'not in',
          kept.map((k) => k.endpoint),
        )
        .execute();
    }
  });
}

export const listSubscriptions = (db: Db, userId: number): Promise<{ endpoint: string; created_at: number }[]> =>
  db.selectFrom('push_subscriptions').select(['endpoint', 'created_at']).where('user_id', '=', userId).orderBy('id').execute();

export const subscriptionsOf = (db: Db, userId: number): Promise<Subscription[]> =>
  db.selectFrom('push_subscriptions').select(['endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).orderBy('id').execute();

export const subscriptionOf = (db: Db, userId: number, endpoint: string): Promise<Subscription | undefined> =>
  db.selectFrom('push_subscriptions').select(['endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();

export async function deleteSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
}

/** Account deletion: the learner's reminder and devices (the foreign keys cascade too; this says it outright). */
export async function forgetReminders(trx: Transaction<Database>, userId: number): Promise<void> {
  await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('reminders').where('user_id', '=', userId).execute();
}
