/**
 * The daily reminder's scheduler and sender (contract, fourth edition). Each minute (an unref'd
 * timer, stopped when the app closes) one indexed read finds the reminders whose next firing has
 * come (`next_due_at <= now`); a tick that finds none costs nothing more. For each: a firing more
 * than 10 minutes late is dropped; otherwise the learner's day is claimed with one conditional
 * write, so of several processes on one database exactly one sends; then, unless the day is a rest
 * day or (skipWhenGoalMet) its goal is met, one push to each device. A push service's 404 or 410
 * deletes that device. The VAPID key pair is read (or made, once for all processes) at start.
 */
import type { FastifyInstance } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  claimReminderDay,
  deleteSubscription,
  dueReminders,
  moveReminder,
  readReminder,
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
import { makeVapidKeys, pushSender, type PushOutcome, type PushSend, type Resolver } from './pushSender';

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
  /** Replaces the network sender (the bench's fake push service). */
  send?: PushSend;
}

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

  const deliver = async (userId: number, nudge: Nudge, endpoint: { endpoint: string; p256dh: string; auth: string }): Promise<PushOutcome> => {
    const outcome = await send(endpoint, JSON.stringify(nudge), vapid);
    if (outcome === 'gone') await deleteSubscription(app.db, userId, endpoint.endpoint);
    return outcome;
  };

  const handle = async (reminder: DueReminder, nowMs: number, result: TickResult): Promise<void> => {
    const next = nextFiringAfter(Math.max(nowMs, reminder.nextDueAt), reminder.time, reminder.timeZone);
    if (nowMs - reminder.nextDueAt > REMINDER_LATEST_MS) {
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
    const devices = await subscriptionsOf(app.db, reminder.userId);
    // No device: nothing to send, so the day's goal and rest days need not be read.
    const nudge = devices.length > 0 ? await nudgeFor(app.db, reminder, day) : null;
    if (!nudge) {
      result.skipped++;
      return;
    }
    for (const subscription of devices) {
      const outcome = await deliver(reminder.userId, nudge, subscription);
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
    return deliver(userId, await testNudge(app.db, { userId, language }, day), subscription);
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
