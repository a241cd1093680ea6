/**
 * Issue #43: a token's 120 calls a minute, counted in one shared counter without a write on every
 * call (domain/tokenCallLimit.ts). Processes are instances on one counter, as servers on one
 * database are; the counter here keeps rate_limits' rule (a fixed window from its first call).
 */
import { describe, expect, it } from 'vitest';
import { MAX_LEASE, tokenCallLimit, type ClaimCalls } from '../src/domain/tokenCallLimit';

const LIMIT = 120;
const MINUTE = 60_000;

function sharedCounter() {
  const rows = new Map<string, { count: number; windowStart: number }>();
  let writes = 0;
  const claim: ClaimCalls = async (id, calls, nowMs) => {
    await Promise.resolve();
    writes += 1;
    const row = rows.get(id);
    const next = !row || row.windowStart <= nowMs - MINUTE ? { count: calls, windowStart: nowMs } : { count: row.count + calls, windowStart: row.windowStart };
    rows.set(id, next);
    return { ...next };
  };
  return { claim, writes: () => writes, process: () => tokenCallLimit({ limit: LIMIT, windowMs: MINUTE, claim }) };
}

const T0 = Date.parse('2026-11-27T10:00:00Z');

describe('a token calls a minute, shared by every process', () => {
  it('one process serves exactly 120 calls, then refuses with the seconds left in the minute, writing the counter a handful of times', async () => {
    const counter = sharedCounter();
    const admit = counter.process();
    for (let i = 0; i < LIMIT; i++) expect(await admit('t', T0 + i)).toEqual({ allowed: true });
    expect(await admit('t', T0 + 20_000)).toEqual({ allowed: false, retryAfterS: 40 });
    expect(counter.writes()).toBeLessThanOrEqual(20);
  });

  it('two processes taking turns serve exactly 120 calls between them, then both refuse', async () => {
    const counter = sharedCounter();
    const [a, b] = [counter.process(), counter.process()];
    let allowed = 0;
    for (let i = 0; i < LIMIT; i++) if ((await (i % 2 ? a : b)('t', T0 + i)).allowed) allowed += 1;
    expect(allowed).toBe(LIMIT);
    for (const admit of [a, b]) expect((await admit('t', T0 + 1000)).allowed).toBe(false);
  });

  it('processes racing never serve more than 120 calls in a minute, and a new minute opens again', async () => {
    const counter = sharedCounter();
    const processes = [counter.process(), counter.process(), counter.process()];
    const answers = await Promise.all(Array.from({ length: 400 }, (_, i) => processes[i % 3]('t', T0 + i)));
    const served = answers.filter((a) => a.allowed).length;
    expect(served).toBeLessThanOrEqual(LIMIT);
    expect(served).toBeGreaterThanOrEqual(LIMIT - 3 * MAX_LEASE);
    for (const admit of processes) expect((await admit('t', T0 + MINUTE)).allowed).toBe(true);
  });

  it('calls that move to another process after one call are refused at most a lease short of 120, never past it', async () => {
    const counter = sharedCounter();
    const [a, b] = [counter.process(), counter.process()];
    expect((await a('t', T0)).allowed).toBe(true);
    let allowed = 1;
    for (let i = 1; i < 2 * LIMIT; i++) if ((await b('t', T0 + i)).allowed) allowed += 1;
    expect(allowed).toBeLessThanOrEqual(LIMIT);
    expect(allowed).toBeGreaterThanOrEqual(LIMIT - (MAX_LEASE - 1));
  });

  it("a token's count is its own: another token of the same process starts its own minute", async () => {
    const counter = sharedCounter();
    const admit = counter.process();
    for (let i = 0; i < LIMIT; i++) await admit('busy', T0);
    expect((await admit('busy', T0)).allowed).toBe(false);
    expect(await admit('quiet', T0)).toEqual({ allowed: true });
  });
});
