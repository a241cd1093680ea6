/** Which database errors mean "not now" rather than "wrong" (plugins/errors.ts answers them 503). */
const PG_UNAVAILABLE_MESSAGES = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
];
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE']);

/**
 * True for a database error that a later retry may not meet: PostgreSQL connection failures and
 * timeouts (SQLSTATE class 08, 53300 too many connections, 57014 statement timeout, 57P0x
 * shutting down), and SQLite's busy, locked and full.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || code.startsWith('08') || code.startsWith('57P') || code === '57014' || code === '53300') return true;
    if (/^SQLITE_(BUSY|LOCKED|FULL)/.test(code)) return true;
  }
  return typeof message === 'string' && PG_UNAVAILABLE_MESSAGES.some((m) => message.includes(m));
}
