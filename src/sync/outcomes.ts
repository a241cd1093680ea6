import { worthRetrying } from '@/lib/retryPolicy';

/**
 * What became of an add's first attempt, for whoever asked for it and waits on it (the add-time
 * modal keeps its spec messages: a refusal is shown in the modal rather than in the outbox).
 */
export type Outcome =
  | { kind: 'synced' }
  /** The server refused it (a 4xx): nothing was added, the add is gone from the outbox. */
  | { kind: 'refused'; error: unknown }
  /** The session had ended: nothing was added, the add is gone from the outbox. */
  | { kind: 'unauthorized'; error: unknown }
  /** No answer yet (offline, no network, a 5xx): it stays in the outbox and is sent later. */
  | { kind: 'queued'; error?: unknown };

export type Verdict = 'synced' | 'refused' | 'unauthorized' | 'retry';

/** How the outbox treats an answer: only a real refusal ends an add; what is worth a retry is sent again with its key. */
export function verdictOf(error: unknown): Verdict {
  if (error === undefined) return 'synced';
  if (worthRetrying(error)) return 'retry';
  return (error as { status?: unknown }).status === 401 ? 'unauthorized' : 'refused';
}

/**
 * Who waits on which add, for one store (one tab): the add-time modal on an add's first answer,
 * a timer's stop on its adds being kept on the device. The outbox settles them; each store has
 * its own (src/sync/outbox.ts), so two stores in one process never share a waiter.
 */
export function outcomeWaiters() {
  const waiting = new Map<string, (outcome: Outcome) => void>();
  const storing = new Map<string, () => void>();
  return {
    /** Resolves when the add with `key` has had its first answer (or none). Ask before queueing it. */
    firstAttemptOf: (key: string): Promise<Outcome> => new Promise((resolve) => waiting.set(key, resolve)),
    isWatched: (key: string) => waiting.has(key),
    /** No one waits on the add with `key` any more (its dialog stopped waiting): a later refusal is listed with the others. */
    unwatch: (key: string) => void waiting.delete(key),
    settle(key: string, outcome: Outcome): void {
      waiting.get(key)?.(outcome);
      waiting.delete(key);
    },
    /** Resolves once the add with `key` is kept on this device (IndexedDB, or memory where the browser refuses it). */
    whenStored: (key: string): Promise<void> => new Promise((resolve) => storing.set(key, resolve)),
    stored(key: string): void {
      storing.get(key)?.();
      storing.delete(key);
    },
  };
}

export type OutcomeWaiters = ReturnType<typeof outcomeWaiters>;
