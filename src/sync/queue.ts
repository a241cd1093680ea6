import type { KeyedAdd, TimerCall } from './outboxRequests';
import { timerCallKey } from './outboxRequests';
import type { OutboxContext } from './context';
import { shownEntries, shownLanguage, signedInEmail } from './context';
import type { QueuedWrite } from './syncSlice';
import { entryQueued, entryRemoved, isAdd } from './syncSlice';

export const bySeq = (a: QueuedWrite, b: QueuedWrite) => a.seq - b.seq;

type QueueParts = Pick<OutboxContext, 'dispatch' | 'getState' | 'offline' | 'patches' | 'waiters' | 'changes'>;

/**
 * One store's queue: a write asked for is shown at once (an add's optimistic patch) and kept on
 * the device (IndexedDB). It keeps its own state: the last creation order it gave, the writes not
 * yet stored (absent from IndexedDB, yet not sent elsewhere) and the writes this page made.
 */
export function writeQueue(parts: QueueParts) {
  /** Creation order across tabs and reloads: time first, then a counter for taps in one millisecond. */
  let lastSeq = 0;
  const openedAt = Date.now();
  const unsaved = new Set<string>();
  const made = new Set<string>();
  const nextSeq = () => (lastSeq = Math.max(Date.now(), lastSeq + 1));

  /** Whoever waits for it to be kept (a timer's stop) goes on even if the write failed: it is still sent. */
  async function keep(entry: QueuedWrite): Promise<void> {
    unsaved.add(entry.key);
    made.add(entry.key);
    parts.dispatch(entryQueued(entry));
    if (isAdd(entry)) parts.patches.apply(entry.key, entry.body);
    try {
      await parts.offline.put(entry);
    } finally {
      parts.waiters.stored(entry.key);
      unsaved.delete(entry.key);
    }
    parts.changes.noteChange();
  }

  return {
    /** Queues an add, in the language the app shows unless it names its own. */
    enqueue(add: KeyedAdd): Promise<void> {
      const language = add.language === undefined ? shownLanguage(parts) : add.language;
      return keep({ ...add, language, state: 'pending', seq: nextSeq(), owner: signedInEmail(parts) ?? null });
    },
    /**
     * Queues a timer's start or stop. A stop makes a start of the same timer that has not gone out
     * yet moot: that start leaves the outbox (the stop still goes, in case it arrived after all).
     */
    async enqueueTimerCall(call: TimerCall): Promise<void> {
      if (call.type === 'stop') {
        const start = shownEntries(parts)[timerCallKey({ type: 'start', id: call.id })];
        if (start?.state === 'pending') await removeEntry(parts, start);
      }
      await keep({ key: timerCallKey(call), call, state: 'pending', seq: nextSeq(), owner: signedInEmail(parts) ?? null });
    },
    unsaved: (key: string) => unsaved.has(key),
    /**
     * Made in this page, or kept before it opened (an earlier visit, the old timer queue): a timer
     * call another open page made is that page's to send, in that page's order.
     */
    madeHere: (entry: QueuedWrite) => made.has(entry.key) || entry.seq < openedAt,
  };
}

export type WriteQueue = ReturnType<typeof writeQueue>;

/** Takes a write out of the outbox, an add's patch with it: on this tab, and on the device. */
export async function removeEntry(ctx: Pick<OutboxContext, 'dispatch' | 'offline' | 'patches'>, entry: QueuedWrite): Promise<void> {
  if (isAdd(entry)) ctx.patches.undo(entry.key, entry.body);
  ctx.dispatch(entryRemoved(entry.key));
  await ctx.offline.remove(entry.key);
}
