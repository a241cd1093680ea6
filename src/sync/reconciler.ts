import { addInvalidates, apiSlice } from '@/api/apiSlice';
import type { OutboxContext } from './context';
import { shownEntries, signedInEmail } from './context';
import { removeEntry } from './queue';
import type { QueuedWrite } from './syncSlice';
import { entriesLoaded, entryRemoved, isAdd, sendSucceeded } from './syncSlice';

/**
 * Brings this tab's outbox in line with the device's (IndexedDB): another tab (or an earlier
 * visit) may have sent, refused, queued or discarded adds and timer calls since this tab looked.
 */
export async function reconcile(ctx: OutboxContext, all: QueuedWrite[]): Promise<void> {
  const { dispatch, patches, waiters } = ctx;
  const mine = shownEntries(ctx);
  const owner = signedInEmail(ctx);
  const stored = all.filter((e) => e.owner === null || e.owner === owner);
  const storedKeys = new Set(stored.map((e) => e.key));
  const fresh = stored.filter((e) => !mine[e.key] || (mine[e.key].state !== 'failed' && e.state === 'failed'));
  // Refused in another tab while this tab's add-time modal waits on it: the modal shows the
  // refusal itself, as for a refusal this tab met (sender.ts), and the add leaves the outbox.
  const answeredHere = fresh.filter((e) => isAdd(e) && e.state === 'failed' && e.origin === 'tap' && waiters.isWatched(e.key));
  for (const e of answeredHere) {
    await removeEntry(ctx, e);
    ctx.changes.noteChange();
    waiters.settle(e.key, { kind: 'refused', error: (isAdd(e) && e.refusal) || { status: 400, data: null } });
  }
  const loaded = fresh.filter((e) => !answeredHere.includes(e));
  if (loaded.length > 0) dispatch(entriesLoaded(loaded));
  for (const e of loaded.filter(isAdd)) {
    if (e.state === 'failed') patches.undo(e.key, e.body);
    else if (!mine[e.key]) patches.apply(e.key, e.body);
  }
  for (const e of Object.values(mine)) {
    if (storedKeys.has(e.key) || ctx.unsaved(e.key)) continue;
    // A refused add discarded in another tab (or shown in its modal there) leaves this tab's list too.
    if (e.state === 'failed') dispatch(entryRemoved(e.key));
    if (e.state !== 'pending' && e.state !== 'sending') continue;
    // Gone from the store while this tab still waited on it: another tab sent it, and whoever
    // waits on its first answer here must hear so (the add-time modal would show "Adding..." forever).
    waiters.settle(e.key, { kind: 'synced' });
    if (!isAdd(e)) {
      // This tab did not send it: the running timer is read again, as after its own call.
      dispatch(entryRemoved(e.key));
      dispatch(apiSlice.util.invalidateTags(['Timer']));
      continue;
    }
    patches.forget(e.key);
    dispatch(sendSucceeded(e.key));
    // This tab did not send it: the reads refresh as after its own add (the add's declared tags).
    dispatch(apiSlice.util.invalidateTags([...addInvalidates(e.body.date)]));
  }
}
