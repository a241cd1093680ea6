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

/** How the outbox treats an answer: only a real refusal ends an add; anything else is retried with its key. */
export function verdictOf(error: unknown): Verdict {
  const status = (error as { status?: unknown } | undefined)?.status;
  if (error === undefined) return 'synced';
  if (status === 401) return 'unauthorized';
  // 408 and 429 ask for later; 409 IDEMPOTENCY_KEY_IN_USE: the first try is still running. Any
  // other 409 (LANGUAGE_NOT_STARTED, NO_LANGUAGE) is a refusal.
  const inUse = status === 409 && (error as { data?: { error?: unknown } }).data?.error === 'IDEMPOTENCY_KEY_IN_USE';
  if (typeof status === 'number' && status >= 400 && status < 500 && ![408, 429].includes(status) && !inUse) return 'refused';
  return 'retry';
}

const waiting = new Map<string, (outcome: Outcome) => void>();

/** Resolves when the add with `key` has had its first answer (or none). Ask before dispatching it. */
export function firstAttemptOf(key: string): Promise<Outcome> {
  return new Promise((resolve) => waiting.set(key, resolve));
}

export const isWatched = (key: string) => waiting.has(key);

/** No one waits on the add with `key` any more (its dialog stopped waiting): a later refusal is listed with the others. */
export function unwatch(key: string): void {
  waiting.delete(key);
}

export function settle(key: string, outcome: Outcome): void {
  waiting.get(key)?.(outcome);
  waiting.delete(key);
}

const storing = new Map<string, () => void>();

/**
 * Resolves once the add with `key` is kept on this device (IndexedDB, or memory where the browser
 * refuses it). Ask before dispatching it: a timer's stop deletes the timer only after this.
 */
export function whenStored(key: string): Promise<void> {
  return new Promise((resolve) => storing.set(key, resolve));
}

export function stored(key: string): void {
  storing.get(key)?.();
  storing.delete(key);
}
