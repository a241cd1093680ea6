/**
 * One rule for which failures are worth sending again (src/lib/retryPolicy.ts): the reads'
 * retries, the outbox's adds and the timer's calls all ask it. Fails when the decision changes,
 * or when a copy of it reappears beside them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { worthRetrying } from '@/lib/retryPolicy';
import { verdictOf } from '@/sync/outcomes';

const answer = (status: number, error?: string) => ({ status, data: error ? { error, message: 'x' } : null });

describe('which failures are worth a retry', () => {
  it.each([
    ['no answer at all', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, true],
    ['a request that timed out here', { status: 'TIMEOUT_ERROR', error: 'AbortError' }, true],
    ['a server fault (500)', answer(500, 'INTERNAL_ERROR'), true],
    ['a server away (503)', answer(503, 'SERVICE_UNAVAILABLE'), true],
    ['a request the server timed out (408)', answer(408), true],
    ['too many requests (429)', answer(429, 'RATE_LIMITED'), true],
    ["an add's first try still running (409 IDEMPOTENCY_KEY_IN_USE)", answer(409, 'IDEMPOTENCY_KEY_IN_USE'), true],
    ['another conflict (409 TIMER_RUNNING)', answer(409, 'TIMER_RUNNING'), false],
    ['a refusal (400)', answer(400, 'DAILY_TIME_EXCEEDED'), false],
    ['an ended session (401)', answer(401, 'UNAUTHORIZED'), false],
    ['a key reused for other minutes (422)', answer(422, 'IDEMPOTENCY_KEY_REUSED'), false],
  ])('%s: %s', (_name, error, retried) => {
    expect(worthRetrying(error)).toBe(retried);
  });

  it("the outbox sends again exactly what the rule retries, and ends an add only on the server's meant answer", () => {
    expect(verdictOf(undefined)).toBe('synced');
    expect(verdictOf(answer(429, 'RATE_LIMITED'))).toBe('retry');
    expect(verdictOf(answer(503))).toBe('retry');
    expect(verdictOf(answer(401, 'UNAUTHORIZED'))).toBe('unauthorized');
    expect(verdictOf(answer(400, 'DAILY_TIME_EXCEEDED'))).toBe('refused');
  });

  it("the api slice and the outbox (the adds and the timer's calls) ask the one rule rather than a copy of it", () => {
    for (const file of ['src/api/apiSlice.ts', 'src/sync/outcomes.ts']) {
      const source = readFileSync(file, 'utf8');
      expect(source, file).toMatch(/worthRetrying/);
      expect(source, file).not.toMatch(/(>=|<)\s*500|\b(408|429)\b|FETCH_ERROR|TIMEOUT_ERROR/);
    }
  });
});
