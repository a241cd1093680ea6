/** Fixed-window limits on attempts (counters in db/rateLimits.ts): over the limit is 429 with Retry-After. */
import { isIPv4, isIPv6 } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { countAttempt } from '../db/rateLimits';
import { ApiHttpError, retryAfterSeconds } from './errors';

export async function limitAttempts(db: Kysely<Database>, key: string, limit: number, windowMs: number, nowMs: number): Promise<void> {
  const { count, windowStart } = await countAttempt(db, key, windowMs, nowMs);
  if (count > limit) {
    const retryAfter = retryAfterSeconds(windowStart + windowMs - nowMs);
    throw new ApiHttpError(429, 'RATE_LIMITED', `Too many attempts. Please wait ${retryAfter} seconds and try again.`, {
      'retry-after': String(retryAfter),
    });
  }
}

/** The eight 16-bit groups of an IPv6 address (a zone id dropped, an IPv4 tail read as two groups); null if it is not one. */
function ipv6Groups(address: string): number[] | null {
  const plain = address.replace(/%.*$/, '');
  if (!isIPv6(plain)) return null;
  let text = plain.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number);
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const missing = rest === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => parseInt(group, 16));
  return groups.length === 8 ? groups : null;
}

/**
 * The client as the per-address limits count it (sign-in, sign-up, reset requests): an IPv4 address
 * as it is; an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) as the IPv4 address it holds; any other
 * IPv6 address by its /64, the block one subscriber usually holds whole, so rotating addresses
 * within it draws on one budget.
 */
export function clientAddressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
