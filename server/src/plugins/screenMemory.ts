/**
 * Issue #45: the server's render of the dashboard (16–32 ms of the event loop a page) is kept per
 * learner, width class and tab, under a digest of everything it is drawn from: the answers the
 * page carries (read from the database for this very page), the learner's today, zone and whether the
 * day's figures are drawn, and, while a timer runs, the instant (its elapsed time is drawn). A page whose inputs are unchanged gets the kept markup at the cost of
 * hashing them; any write that changes an answer changes the digest, so a kept render is never
 * staler than the database, whichever process wrote (several processes on one PostgreSQL
 * database each keep their own, all keyed by what the database answered).
 */
import { createHash } from 'node:crypto';

/** The markup kept at most, over all learners (a 10-year learner's screen is about 60 KB). */
export const SCREEN_MEMORY_BYTES = 32 * 1024 * 1024;

export interface Rendered {
  markup: string;
  styleTags: string;
}

interface Kept {
  rendered: Rendered;
  digest: string;
  bytes: number;
}

export class ScreenMemory {
  private readonly kept = new Map<string, Kept>();
  private bytes = 0;

  constructor(private readonly maxBytes = SCREEN_MEMORY_BYTES) {}

  /** The render kept for `slot` (a learner's width class and tab) if drawn from the same inputs, else `render`'s, kept. */
  rendered<T extends Rendered>(slot: string, inputs: unknown, render: () => T): T {
    const digest = createHash('sha256').update(JSON.stringify(inputs)).digest('base64url');
    const known = this.kept.get(slot);
    if (known?.digest === digest) {
      // Most recently used last: the oldest go first when the bound is reached.
      this.kept.delete(slot);
      this.kept.set(slot, known);
      return known.rendered as T;
    }
    const fresh = render();
    this.forget(slot);
    const entry: Kept = { rendered: fresh, digest, bytes: fresh.markup.length + fresh.styleTags.length };
    this.kept.set(slot, entry);
    this.bytes += entry.bytes;
    for (const oldest of this.kept.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldest);
    }
    return fresh;
  }

  private forget(slot: string): void {
    const entry = this.kept.get(slot);
    if (!entry) return;
    this.kept.delete(slot);
    this.bytes -= entry.bytes;
  }
}
