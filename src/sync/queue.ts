import type { KeyedAdd } from './outboxRequests';
import type { OutboxContext } from './context';
import { shownLanguage, signedInEmail } from './context';
import type { OutboxEntry } from './syncSlice';
import { entryQueued, entryRemoved } from './syncSlice';

/** Creation order across tabs and reloads: time first, then a counter for taps in one millisecond. */
const nextSeq = (ctx: OutboxContext) => (ctx.lastSeq = Math.max(Date.now(), ctx.lastSeq + 1));

export const bySeq = (a: OutboxEntry, b: OutboxEntry) => a.seq - b.seq;

/**
 * Queues an add: shown at once (its optimistic patch) and kept on the device (IndexedDB). Whoever
 * waits for it to be kept (a timer's stop) goes on even if the write failed: the add is still sent.
 */
export async function enqueue(ctx: OutboxContext, add: KeyedAdd): Promise<void> {
  const language = add.language === undefined ? shownLanguage(ctx) : add.language;
  const entry: OutboxEntry = { ...add, language, state: 'pending', seq: nextSeq(ctx), owner: signedInEmail(ctx) ?? null };
  ctx.unsaved.add(entry.key);
  ctx.dispatch(entryQueued(entry));
  ctx.patches.apply(entry.key, entry.body);
  try {
    await ctx.offline.put(entry);
  } finally {
    ctx.waiters.stored(entry.key);
    ctx.unsaved.delete(entry.key);
  }
  ctx.changed = true;
}

/** Takes an add out of the outbox, its patch with it: on this tab, and on the device. */
export async function removeEntry(ctx: OutboxContext, entry: OutboxEntry): Promise<void> {
  ctx.patches.undo(entry.key, entry.body);
  ctx.dispatch(entryRemoved(entry.key));
  await ctx.offline.remove(entry.key);
}
