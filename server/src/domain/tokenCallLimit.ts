/**
 * A token's calls a minute (contract, fourth edition: at most 120, then 429 with Retry-After),
 * counted in one counter every process shares, without a write on every call. A process claims
 * calls in leases: one atomic addition to the shared counter answers the window's count, and the
 * calls it granted are then served from memory. Every call granted was counted first, so all
 * processes together never serve more than the limit in a window.
 *
 * The price of a lease is calls counted and not made. It is kept small two ways: a lease shrinks
 * as the window fills (a quarter of what is left, at most MAX_LEASE), and once another process
 * has claimed in the window (the counter moved by more than this process's own claims), this
 * process claims one call at a time until the window ends, so alternating processes are counted
 * exactly. The most a learner can lose is what a process leased and did not use before another
 * took over, within one minute: the token is then refused at most MAX_LEASE - 1 calls before 120, never after.
 */
import { retryAfterSeconds } from './errors';

/** The shared counter after an addition: the window's count (this claim included) and its start. */
export interface CounterAfterClaim {
  count: number;
  windowStart: number;
}

/** Adds `calls` to the token's counter in its window (a new window when the last one ended). */
export type ClaimCalls = (id: string, calls: number, nowMs: number) => Promise<CounterAfterClaim>;

export type Admission = { allowed: true } | { allowed: false; retryAfterS: number };

/** The largest lease: 16 calls, so a busy token writes the counter once per 16 calls. */
export const MAX_LEASE = 16;
/** Past this many tokens in memory, the ended windows are forgotten. */
const SWEEP_AT = 10_000;

interface Lease {
  windowStart: number;
  /** The counter as this process last saw it. */
  seen: number;
  /** Calls granted and not yet served. */
  left: number;
  /** Another process claimed in this window: one call per claim from now on. */
  shared: boolean;
}

export function tokenCallLimit({ limit, windowMs, claim }: { limit: number; windowMs: number; claim: ClaimCalls }) {
  const leases = new Map<string, Lease>();
  const live = (lease: Lease | undefined, nowMs: number) => (lease && nowMs < lease.windowStart + windowMs ? lease : undefined);
  const retryAfter = (windowStart: number, nowMs: number) => retryAfterSeconds(windowStart + windowMs - nowMs);

  function sweep(nowMs: number) {
    if (leases.size < SWEEP_AT) return;
    for (const [id, lease] of leases) if (!live(lease, nowMs)) leases.delete(id);
  }

  /** Claims the next lease of token `id` and keeps what it granted. */
  async function claimLease(id: string, nowMs: number): Promise<void> {
    const held = live(leases.get(id), nowMs);
    const seen = held?.seen ?? 0;
    const calls = held?.shared ? 1 : Math.min(MAX_LEASE, Math.max(1, Math.floor((limit - seen) / 4)));
    const after = await claim(id, calls, nowMs);
    const granted = Math.min(calls, Math.max(0, limit - (after.count - calls)));
    const current = live(leases.get(id), nowMs);
    if (current && current.windowStart === after.windowStart) {
      // The counter moved by more than this claim: another process claims in this window too.
      current.shared ||= after.count !== current.seen + calls;
      current.seen = after.count;
      current.left += granted;
      return;
    }
    sweep(nowMs);
    leases.set(id, { windowStart: after.windowStart, seen: after.count, left: granted, shared: after.count !== calls });
  }

  /** One claim at a time per token in this process: calls arriving meanwhile wait for its lease. */
  const claiming = new Map<string, Promise<void>>();

  /** A call served from this process's lease, or refused because the window's calls are all counted; undefined: a claim is needed. */
  function fromLease(id: string, nowMs: number): Admission | undefined {
    const held = live(leases.get(id), nowMs);
    if (held && held.left > 0) {
      held.left -= 1;
      return { allowed: true };
    }
    // Every call the window allows has been counted (here or elsewhere).
    if (held && held.seen >= limit) return { allowed: false, retryAfterS: retryAfter(held.windowStart, nowMs) };
    return undefined;
  }

  async function afterClaims(id: string, nowMs: number): Promise<Admission> {
    for (;;) {
      let pending = claiming.get(id);
      if (!pending) {
        pending = claimLease(id, nowMs).finally(() => claiming.delete(id));
        claiming.set(id, pending);
      }
      await pending;
      const admission = fromLease(id, nowMs);
      if (admission) return admission;
    }
  }

  /**
   * Counts one call of token `id` at `nowMs`: allowed, or refused with its Retry-After in seconds.
   * A call its lease serves is answered at once, without a promise (most calls of a busy token).
   */
  return function admit(id: string, nowMs: number): Admission | Promise<Admission> {
    return fromLease(id, nowMs) ?? afterClaims(id, nowMs);
  };
}
