/** Spec 9: a failed read is retried up to 3 times, the delay doubling from 1 s, capped at 30 s. */
export const retryPolicy = {
  maxRetries: 3,
  baseDelayMs: 1000,
  maxDelayMs: 30000,
};

/** Delay before retry number `attempt` (1-based). */
export function retryDelayMs(attempt: number, policy: typeof retryPolicy = retryPolicy): number {
  return Math.min(policy.baseDelayMs * 2 ** Math.max(0, attempt - 1), policy.maxDelayMs);
}

/**
 * Which failures are worth sending the same call again (with the same Idempotency-Key where it
 * has one), the one rule for the reads' retries (src/api/apiSlice.ts), the outbox's adds
 * (src/sync/outcomes.ts) and the timer's calls (timerCalls.ts): no answer at all (a network error,
 * a timeout), a server fault (5xx), a request that took too long (408) or came too often (429),
 * and an add whose first try is still running (409 IDEMPOTENCY_KEY_IN_USE). Any other answer the
 * server meant (a 4xx: a refusal, an ended session) is final.
 */
export function worthRetrying(error: unknown): boolean {
  if (error === undefined || error === null) return false;
  const { status, data } = error as { status?: unknown; data?: { error?: unknown } | null };
  if (typeof status !== 'number') return true;
  if (status >= 500 || status === 408 || status === 429) return true;
  return status === 409 && data?.error === 'IDEMPOTENCY_KEY_IN_USE';
}
