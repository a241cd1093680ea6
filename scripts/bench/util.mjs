// Small helpers shared by the bench modules.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

/** The same SQLite driver the server picks for this Node.js (server/src/db/sqliteDriver.ts). */
export const SQLite = createRequire(import.meta.url)(Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20');

export const sha256Hex = (text) => createHash('sha256').update(text).digest('hex');

/** The server's idea of today (UTC); adds must be dated within a day of it. */
export const utcToday = () => new Date().toISOString().slice(0, 10);

export const round = (value, digits = 1) => Number(value.toFixed(digits));

/** Fixed-width text table: the first row is the header. */
export function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  return rows.map((r) => r.map((cell, c) => (c === 0 ? String(cell).padEnd(widths[c]) : String(cell).padStart(widths[c]))).join('  ')).join('\n');
}
