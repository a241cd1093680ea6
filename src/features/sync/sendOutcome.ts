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
  // 408 and 429 ask for later; 409 is IDEMPOTENCY_KEY_IN_USE: the first try is still running.
  if (typeof status === 'number' && status >= 400 && status < 500 && ![408, 409, 429].includes(status)) return 'refused';
  return 'retry';
}

const waiting = new Map<string, (outcome: Outcome) => void>();

/** Resolves when the add with `key` has had its first answer (or none). Ask before dispatching it. */
export function firstAttemptOf(key: string): Promise<Outcome> {
  return new Promise((resolve) => waiting.set(key, resolve));
}

export const isWatched = (key: string) => waiting.has(key);

export function settle(key: string, outcome: Outcome): void {
  waiting.get(key)?.(outcome);
  waiting.delete(key);
}
