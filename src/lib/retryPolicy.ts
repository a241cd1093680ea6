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
