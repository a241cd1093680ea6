/**
 * The daily reminder's scheduler and sender (contract, fourth edition). Each minute (an unref'd
 * timer, stopped when the app closes) one indexed read finds the reminders whose next firing has
 * come (`next_due_at <= now`); a tick that finds none costs nothing more. For each: a firing more
 * than 10 minutes late is dropped, judged per reminder on the clock when it is reached (a backlog
 * never sends later than that) and again before each push; otherwise the learner's day is claimed
 * with one conditional write, so of several processes on one database exactly one sends; then,
 * unless the day is a rest day or (skipWhenGoalMet) achieved, one push to each device. A claim
 * whose work fails before any push left is given back, so the next tick tries again. A push
 * service's 404 or 410 deletes that device; a 5xx, a 429 or no answer in time is tried once more
 * (after RETRY_DELAY_MS, still within the window), and a device whose daily push failed
 * FAILED_DAYS_LIMIT days in a row is removed. The test reminder answers `failed` once its
 * deadline passes (TEST_DEADLINE_MS, below the request's own), never leaving the request to time out.
 * The VAPID key pair is read (or made, once for all processes) at start.
 */
import type { FastifyInstance } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  claimReminderDay,
  deleteSubscription,
  dueReminders,
  moveReminder,
  readReminder,
  recordDailyPush,
  releaseReminderDay,
  subscriptionOf,
  subscriptionsOf,
  vapidKeys,
  type DueReminder,
  type VapidKeys,
} from '../db/reminders';
import { currentLanguage } from '../db/languages';
import { readDayEndsAtHour } from '../db/dayBoundary';
import { dayOfFiring, nudgeFor, REMINDER_LATEST_MS, reminderToday, testNudge, toSettings, type Nudge } from '../domain/reminders';
import { nextFiringAfter } from '../domain/reminderTime';
import { makeVapidKeys, pushSender, type PushOutcome, type PushSend, type PushSendResult, type Resolver } from './pushSender';

export interface ReminderOptions {
  /** VAPID_SUBJECT: a mailto: or https: URL push services may use to reach the operator. */
  subject?: string;
  /** PUSH_ENDPOINT_ORIGINS: origins accepted and sent to whatever their address. */
  endpointOrigins?: string[];
  /** Certificate authorities the sender trusts beside Node's (a local push service in tests). */
  ca?: string | Buffer;
  /** false: no timer; tests and the bench call `app.reminders.tick(now)` themselves. */
  scheduler?: boolean;
  /** The resolver the sender's address check asks (a stub in tests). */
  resolver?: Resolver;
  /** Replaces the network sender (the bench's fake push service, tests). */
  send?: PushSend;
  /** Wait before the one retry of a push answered 5xx, 429 or not at all (default RETRY_DELAY_MS). */
  retryDelayMs?: number;
  /** How long a test reminder waits for the push service before answering `failed` (default TEST_DEADLINE_MS). */
  testDeadlineMs?: number;
}

/** The one retry of a transient failure comes this much later, well within the 10-minute window. */
export const RETRY_DELAY_MS = 5_000;
/** Below the request deadline (10 s) and the push timeout, so the test call always answers. */
export const TEST_DEADLINE_MS = 6_000;
/** Daily reminders in a row a device may fail (5xx, 429, no answer, after the retry) before it is removed. */
export const FAILED_DAYS_LIMIT = 7;

export const DEFAULT_VAPID_SUBJECT = 'mailto:reminders@lingualog.invalid';

export type TickResult = { due: number; claimed: number; sent: number; skipped: number; late: number; gone: number };

export interface ReminderService {
  publicKey: string;
  allowedOrigins: readonly string[];
  /** One scheduler run at `now` (default: the app's clock). */
  tick(now?: Date): Promise<TickResult>;
  /** A push now to one of the learner's devices, not counted as the day's; null when the device is not theirs. */
  sendTest(userId: number, endpoint: string): Promise<PushOutcome | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    reminders: ReminderService;
  }
}

const BATCH = 200;
/** Devices sent to at once within a tick. */
const PARALLEL = 32;
const MINUTE_MS = 60_000;

async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

export async function registerReminders(app: FastifyInstance, options: ReminderOptions & { endpointOrigins: string[] }): Promise<void> {
  const keys: VapidKeys = await vapidKeys(app.db, makeVapidKeys, app.now().getTime());
  const vapid = { subject: options.subject ?? DEFAULT_VAPID_SUBJECT, ...keys };
  const network = options.send ? null : pushSender({ allowedOrigins: options.endpointOrigins, ca: options.ca, resolver: options.resolver });
  const send: PushSend = options.send ?? network!.send;

  const retryDelayMs = options.retryDelayMs ?? RETRY_DELAY_MS;
  const testDeadlineMs = options.testDeadlineMs ?? TEST_DEADLINE_MS;
  const settle = async (userId: number, endpoint: string, result: PushSendResult): Promise<PushOutcome> => {
    if (result === 'gone') await deleteSubscription(app.db, userId, endpoint);
    return result === 'transient' ? 'failed' : result;
  };
  const deliver = async (userId: number, nudge: Nudge, endpoint: { endpoint: string; p256dh: string; auth: string }, stillInTime: () => boolean): Promise<PushOutcome> => {
    let result = await send(endpoint, JSON.stringify(nudge), vapid);
    if (result === 'transient') {
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      if (stillInTime()) result = await send(endpoint, JSON.stringify(nudge), vapid);
    }
    return settle(userId, endpoint.endpoint, result);
  };

  const handle = async (reminder: DueReminder, tickMs: number, result: TickResult): Promise<void> => {
    // Lateness is judged on the clock when this reminder is reached, not when the tick began.
    const nowMs = Math.max(tickMs, app.now().getTime());
    const inTime = () => Math.max(nowMs, app.now().getTime()) - reminder.nextDueAt <= REMINDER_LATEST_MS;
    const next = nextFiringAfter(Math.max(nowMs, reminder.nextDueAt), reminder.time, reminder.timeZone);
    if (!inTime()) {
      result.late++;
      await moveReminder(app.db, reminder.userId, reminder.nextDueAt, next);
      return;
    }
    const day = dayOfFiring(reminder, reminder.nextDueAt);
    if (!(await claimReminderDay(app.db, reminder.userId, reminder.nextDueAt, day, next))) {
      // Another process claimed it, or this learner day was sent already (the time moved later).
      await moveReminder(app.db, reminder.userId, reminder.nextDueAt, next);
      return;
    }
    result.claimed++;
    let devices: Awaited<ReturnType<typeof subscriptionsOf>>;
    let nudge: Nudge | null;
    try {
      devices = await subscriptionsOf(app.db, reminder.userId);
      // No device: nothing to send, so the day's goal and rest days need not be read.
      nudge = devices.length > 0 ? await nudgeFor(app.db, reminder, day) : null;
    } catch (err) {
      // Nothing was sent: the day is given back for the next tick.
      await releaseReminderDay(app.db, reminder.userId, reminder.nextDueAt, day, next, reminder.lastSentDay);
      throw err;
    }
    if (!nudge) {
      result.skipped++;
      return;
    }
    for (const subscription of devices) {
      if (!inTime()) {
        result.late++;
        return;
      }
      const outcome = await deliver(reminder.userId, nudge, subscription, inTime);
      if (outcome !== 'gone' && (await recordDailyPush(app.db, reminder.userId, subscription.endpoint, outcome === 'sent', FAILED_DAYS_LIMIT))) result.gone++;
      if (outcome === 'sent') result.sent++;
      if (outcome === 'gone') result.gone++;
    }
  };

  const tick = async (now = app.now()): Promise<TickResult> => {
    const nowMs = now.getTime();
    const result: TickResult = { due: 0, claimed: 0, sent: 0, skipped: 0, late: 0, gone: 0 };
    const seen = new Set<number>();
    for (;;) {
      const batch = (await dueReminders(app.db, nowMs, BATCH)).filter((r) => !seen.has(r.userId));
      if (batch.length === 0) return result;
      result.due += batch.length;
      for (const reminder of batch) seen.add(reminder.userId);
      await inParallel(batch, (reminder) =>
        handle(reminder, nowMs, result).catch((err: unknown) => app.log.warn({ err, userId: reminder.userId }, 'a daily reminder failed; the next tick retries it')),
      );
      await nextTurn();
    }
  };

  const sendTest = async (userId: number, endpoint: string): Promise<PushOutcome | null> => {
    const subscription = await subscriptionOf(app.db, userId, endpoint);
    if (!subscription) return null;
    const [language, dayEndsAtHour, reminder] = await Promise.all([
      currentLanguage(app.db, userId),
      readDayEndsAtHour(app.db, userId),
      readReminder(app.db, userId),
    ]);
    const day = reminderToday(toSettings(reminder).timeZone, dayEndsAtHour, app.now().getTime());
    const nudge = await testNudge(app.db, { userId, language }, day);
    // One try, and `failed` at the deadline: the request answers in time whatever the push service does.
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'failed'>((resolve) => (timer = setTimeout(() => resolve('failed'), testDeadlineMs)));
    try {
      const result = await Promise.race([send(subscription, JSON.stringify(nudge), vapid), deadline]);
      return await settle(userId, endpoint, result);
    } finally {
      clearTimeout(timer);
    }
  };

  app.decorate('reminders', { publicKey: keys.publicKey, allowedOrigins: options.endpointOrigins, tick, sendTest } satisfies ReminderService);

  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let running = false;
  const schedule = () => {
    if (closed) return;
    // Just after each whole minute, so "20:00" fires within the minute of 20:00.
    timer = setTimeout(run, MINUTE_MS - (Date.now() % MINUTE_MS) + 1_000);
    timer.unref();
  };
  const run = () => {
    if (running) return schedule();
    running = true;
    tick()
      .catch((err: unknown) => app.log.warn({ err }, 'the reminder tick failed; the next minute retries'))
      .finally(() => {
        running = false;
        schedule();
      });
  };
  if (options.scheduler !== false) app.addHook('onReady', async () => schedule());
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    network?.close();
  });
}
