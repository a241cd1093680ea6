/**
 * SQLite statements whose plans never depend on a bound value (issue #54).
 *
 * The SQLite driver is built with STAT4. Once `sqlite_stat4` holds samples (after `ANALYZE` or
 * `PRAGMA optimize`), the planner reads the value bound to `?` wherever a sample could refine an
 * estimate: an equality on part of an index, or a range. SQLite then marks the statement to be
 * compiled again at its first step after any new binding ("as if there had been a schema change",
 * sqlite.org/c3ref/prepare.html). Every request binds new values, so every such statement was
 * compiled on every call. The goal read of an add took 28 µs instead of 7 µs, and `/progress`
 * cost 2.5 times its CPU (docs/PERFORMANCE.md).
 *
 * Writing each parameter as `+?` keeps its value out of the planner's reach. Unary plus is a
 * no-op on the value, and `+?` has no affinity, the same as `?`, so comparisons and writes give
 * the same answers. The plan is then made once, from `sqlite_stat1` and the schema. Every query
 * here is keyed by a learner, so that plan is the one the samples chose anyway. SQLite's own
 * switch for this, SQLITE_DBCONFIG_ENABLE_QPSG, is not reachable through better-sqlite3.
 */

/** Quoted strings and identifiers, comments, and bare `?` parameters, in one pass. */
const TOKENS = /'(?:[^']|'')*'|"(?:[^"]|"")*"|`(?:[^`]|``)*`|\[[^\]]*\]|--[^\n]*|\/\*[\s\S]*?\*\/|\?/g;

/** `sql` with each bare `?` parameter written `+?`; text inside quotes and comments is kept as it is. */
export function plannerBlindParameters(sql: string): string {
  if (!sql.includes('?')) return sql;
  return sql.replace(TOKENS, (token) => (token === '?' ? '+?' : token));
}
