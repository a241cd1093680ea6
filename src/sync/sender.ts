import { API_PATHS } from '@common/apiPaths';
import { apiSlice } from '@/api/apiSlice';
import { apiBaseUrl } from '@/lib/apiBaseUrl';
import { refusalMessage, serverErrorCode } from '@/lib/errorMessages';
import type { OutboxContext } from './context';
import { signedInEmail } from './context';
import { verdictOf } from './outcomes';
import { timerCallAnswered } from './outboxRequests';
import { migrateOldTimerQueue } from './oldTimerQueue';
import { bySeq, removeEntry } from './queue';
import { reconcile } from './reconciler';
import type { OutboxEntry, QueuedWrite, TimerCallEntry } from './syncSlice';
import { isAdd, sendDeferred, sendRefused, sendStarted, sendSucceeded, signInRequired } from './syncSlice';

/** A refused add as the outbox keeps it: its message for the outbox's list, its answer for the modal that may wait on it in another tab. */
export function refusedEntry<E extends QueuedWrite>(entry: E, error: unknown): E & { state: 'failed'; message: string } {
  const { status, data } = (error ?? {}) as { status?: unknown; data?: unknown };
  const refusal = typeof status === 'number' ? { status, data: data ?? null } : undefined;
  return { ...entry, state: 'failed', message: refusalMessage(error, 'ADD_DAILY_TIME_ERROR'), ...(refusal && { refusal }) };
}

/**
 * A second stop of one timer (another device stopped it first): the keys `<timer id>:<date>` hold
 * the first stop's minutes, and the server answers the other minutes 422 IDEMPOTENCY_KEY_REUSED.
 * Nothing is lost and nothing is to fix: the add simply leaves the outbox.
 */
const stoppedElsewhere = (entry: OutboxEntry, error: unknown) => entry.origin === 'timer' && serverErrorCode(error) === 'IDEMPOTENCY_KEY_REUSED';

/**
 * The email of the session the browser holds now, asked of the server without touching the cache:
 * null when it is refused (signed out), undefined when the server gives no answer.
 */
async function sessionOwner(): Promise<string | null | undefined> {
  try {
    const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(10_000) : undefined;
    const answer = await fetch(`${apiBaseUrl()}${API_PATHS.authCheck}`, { credentials: 'include', cache: 'no-store', signal });
    if (answer.status === 401) return null;
    if (!answer.ok) return undefined;
    return ((await answer.json()) as { email?: string }).email;
  } catch {
    return undefined;
  }
}

/**
 * Sends one add with its Idempotency-Key; false stops the drain (order is kept: nothing later
 * overtakes a waiting add). The add's own tags (apiSlice.ts) refresh the reads it changes.
 */
async function send(ctx: OutboxContext, entry: OutboxEntry): Promise<boolean> {
  const { dispatch, patches, waiters, offline } = ctx;
  dispatch(sendStarted(entry.key));
  const result = await dispatch(apiSlice.endpoints.addDailyActivity.initiate({ ...entry.body, idempotencyKey: entry.key, language: entry.language }));
  const error = 'error' in result ? result.error : undefined;
  const verdict = verdictOf(error);
  const watched = waiters.isWatched(entry.key);
  if (verdict !== 'retry') ctx.changes.noteChange();
  if (verdict === 'synced') {
    ctx.changes.noteSent(entry.body.date);
    patches.forget(entry.key);
    dispatch(sendSucceeded(entry.key));
    await offline.remove(entry.key);
    waiters.settle(entry.key, { kind: 'synced' });
    return true;
  }
  if (verdict === 'retry') {
    dispatch(sendDeferred(entry.key));
    patches.reapply(`minutes:${entry.body.date}`, entry.key, entry.body);
    patches.reapply('progress', entry.key, entry.body);
    waiters.settle(entry.key, { kind: 'queued', error });
    return false;
  }
  if (verdict === 'refused' && stoppedElsewhere(entry, error)) {
    await removeEntry(ctx, entry);
    waiters.settle(entry.key, { kind: 'refused', error });
    return true;
  }
  // The add-time modal waiting on it shows the refusal itself and may keep the entry. A timer's
  // adds stay in the outbox whoever waits: their minutes exist nowhere else.
  if (watched && entry.origin === 'tap') {
    await removeEntry(ctx, entry);
    waiters.settle(entry.key, { kind: verdict, error });
    return verdict === 'refused';
  }
  if (verdict === 'unauthorized') {
    dispatch(sendDeferred(entry.key));
    dispatch(signInRequired(true));
    return false;
  }
  const refused = refusedEntry(entry, error);
  patches.undo(entry.key, entry.body);
  dispatch(sendRefused({ key: entry.key, message: refused.message! }));
  await offline.put(refused);
  waiters.settle(entry.key, { kind: 'refused', error });
  return true;
}

/**
 * Sends one timer call; false stops the drain, as for an add. Each answer (or none) is told to the
 * timer (`timerCallAnswered`); a call sent or refused leaves the outbox, and the call's own tag
 * (Timer, apiSlice.ts) reads the running timer again.
 */
async function sendTimerCall(ctx: OutboxContext, entry: TimerCallEntry): Promise<boolean> {
  const { dispatch, waiters } = ctx;
  const { call } = entry;
  dispatch(sendStarted(entry.key));
  const result =
    call.type === 'start'
      ? await dispatch(apiSlice.endpoints.startTimer.initiate({ id: call.id, skill: call.skill, startedAt: call.startedAt, language: call.language }))
      : await dispatch(apiSlice.endpoints.stopTimer.initiate({ id: call.id }));
  const error = 'error' in result ? result.error : undefined;
  const verdict = verdictOf(error);
  dispatch(timerCallAnswered({ call, verdict, error }));
  if (verdict === 'retry' || verdict === 'unauthorized') {
    dispatch(sendDeferred(entry.key));
    if (verdict === 'unauthorized') dispatch(signInRequired(true));
    waiters.settle(entry.key, { kind: verdict === 'retry' ? 'queued' : 'unauthorized', error });
    return false;
  }
  ctx.changes.noteChange();
  await removeEntry(ctx, entry);
  waiters.settle(entry.key, verdict === 'synced' ? { kind: 'synced' } : { kind: 'refused', error });
  return true;
}

/** Offline, nothing is tried: whoever waits on a write hears it is kept, and the timer's bar says so. */
function keptForLater(ctx: OutboxContext, entries: QueuedWrite[]): void {
  for (const entry of entries) {
    ctx.waiters.settle(entry.key, { kind: 'queued' });
    if (!isAdd(entry)) ctx.dispatch(timerCallAnswered({ call: entry.call, verdict: 'retry' }));
  }
}

/** Sends what waits on the device, oldest first, for its owner only; true when nothing is left to send. */
export async function drain(ctx: OutboxContext): Promise<boolean> {
  const { dispatch, waiters } = ctx;
  await migrateOldTimerQueue(ctx.offline);
  const stored = (await ctx.offline.entries()).sort(bySeq);
  await reconcile(ctx, stored);
  const owner = signedInEmail(ctx);
  const sendable = stored.filter(
    (e) => e.state !== 'failed' && owner !== undefined && (e.owner === null || e.owner === owner) && (isAdd(e) || ctx.madeHere(e)),
  );
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    keptForLater(ctx, sendable);
    return sendable.length === 0;
  }
  if (sendable.length === 0) return true;
  // The cookie may belong to someone else by now (another tab signed out and another learner
  // in): the adds go only under their owner's session, as the server sees it now.
  // Signed out, or no answer: the sends below meet it as before (a 401 ends the session here).
  const session = await sessionOwner();
  if (typeof session === 'string' && session !== owner) {
    for (const entry of sendable) waiters.settle(entry.key, { kind: 'queued' });
    dispatch(apiSlice.util.invalidateTags(['Auth']));
    return true;
  }
  for (const [index, entry] of sendable.entries()) {
    if (await (isAdd(entry) ? send(ctx, entry) : sendTimerCall(ctx, entry))) continue;
    // The adds behind the one that waits wait too (order is kept): whoever waits on one of
    // them (an add-time modal) hears it now, not when the server is back.
    for (const later of sendable.slice(index + 1)) waiters.settle(later.key, { kind: 'queued' });
    return false;
  }
  return true;
}
