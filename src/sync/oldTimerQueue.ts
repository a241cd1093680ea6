import type { StartTimer } from '@common/schemas/timer';
import type { TimerCall } from './outboxRequests';
import { timerCallKey } from './outboxRequests';
import type { OfflineStore } from './outboxStore';
import type { TimerCallEntry } from './syncSlice';

/**
 * Until the timer's calls joined the outbox, an earlier version of the app kept its unsent start
 * and stops in local storage under this key: `{ start, stops, owner }`. They are moved into the
 * outbox (kept first in its order, as made before any add of this page) and the key is removed, so
 * a learner who updates with a timer call still waiting loses nothing.
 */
const OLD_KEY = 'timerUnsent';

interface OldQueue {
  start?: (StartTimer & { language?: string | null }) | null;
  stops?: unknown;
  owner?: string | null;
}

function readOld(): OldQueue | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(OLD_KEY) ?? 'null') as OldQueue | null;
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

/** The old queue's calls as outbox entries: the start first, then the stops, oldest first. */
export function oldTimerCalls(old: OldQueue): TimerCallEntry[] {
  const calls: TimerCall[] = [];
  const { start } = old;
  if (start && typeof start.id === 'string' && typeof start.skill === 'string' && typeof start.startedAt === 'string') {
    calls.push({ type: 'start', id: start.id, skill: start.skill, startedAt: start.startedAt, language: start.language ?? null });
  }
  for (const id of Array.isArray(old.stops) ? old.stops : []) if (typeof id === 'string') calls.push({ type: 'stop', id });
  const owner = typeof old.owner === 'string' ? old.owner : null;
  // Before anything this page queues (creation order is an instant, queue.ts).
  return calls.map((call, index) => ({ key: timerCallKey(call), call, state: 'pending', seq: index + 1, owner }));
}

/** Moves what the old key holds into the outbox's store, once. */
export async function migrateOldTimerQueue(offline: OfflineStore): Promise<void> {
  if (typeof window === 'undefined') return;
  const old = readOld();
  if (!old) return;
  for (const entry of oldTimerCalls(old)) await offline.put(entry);
  try {
    window.localStorage.removeItem(OLD_KEY);
  } catch {
    // Storage refused: the calls are in the outbox already; moving them again changes nothing.
  }
}
