import { retryDelayMs } from '@/lib/retryPolicy';
import type { OutboxContext } from './context';
import { drain } from './sender';
import type { Triggers } from './triggers';
import { watchTriggers } from './triggers';

/** Slower than a read's retries: a queue may wait hours for a network, and must not drain a phone's battery. */
export const outboxRetryPolicy = { maxRetries: Number.POSITIVE_INFINITY, baseDelayMs: 2000, maxDelayMs: 60_000 };

const LOCK = 'lingualog-outbox';

const withLock = (work: () => Promise<boolean>): Promise<boolean> =>
  typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(LOCK, work) : work();

/**
 * When one store's outbox sends: one drain at a time (another asked meanwhile runs right after),
 * by one tab at a time (Web Locks), again after a delay that backs off while the server cannot be
 * reached, and on the triggers (triggers.ts) while the outbox runs (a signed-in screen is shown).
 */
export function flusher(ctx: OutboxContext) {
  let running = false;
  let again = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let starts = 0;
  let triggers: Triggers | undefined;

  const schedule = () => {
    clearTimeout(timer);
    if (starts === 0) return;
    failures += 1;
    timer = setTimeout(() => void flush(), retryDelayMs(failures, outboxRetryPolicy));
  };

  async function flush(): Promise<void> {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      let done = true;
      do {
        again = false;
        done = await withLock(() => drain(ctx));
      } while (again);
      if (done) {
        failures = 0;
        clearTimeout(timer);
      } else schedule();
      const told = ctx.changes.take();
      if (told) triggers?.announce(told);
    } finally {
      running = false;
    }
  }

  return {
    flush,
    /** Something new to send (an add, the network back): the back-off starts over. */
    flushNow(): Promise<void> {
      failures = 0;
      return flush();
    },
    /** The other tabs' lists change too (a discarded add). */
    announce: () => triggers?.announce(),
    running: () => starts > 0,
    async start(): Promise<void> {
      starts += 1;
      if (starts > 1) return;
      triggers = watchTriggers(ctx.dispatch, () => {
        failures = 0;
        void flush();
      });
      await flush();
    },
    stop(): void {
      starts = Math.max(0, starts - 1);
      if (starts > 0) return;
      triggers?.stop();
      triggers = undefined;
      clearTimeout(timer);
    },
  };
}
