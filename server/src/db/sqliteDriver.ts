/**
 * The SQLite driver for the running Node.js (docs/decisions/0002-node-runtimes.md): better-sqlite3 13
 * (Node-API, prebuilt in its npm package) on Node 22 and later; better-sqlite3 12 on Node 20, where 13
 * does not load. 12 must not run on Node 24.19+, whose ObjectWrap aborts the process when a collected
 * statement is freed, so the choice follows the runtime and never falls back silently.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

const nodeMajor = Number(process.versions.node.split('.')[0]);

/** The npm package that holds this runtime's driver (both are optionalDependencies; npm installs the one whose engines match). */
export const sqliteDriverPackage = nodeMajor >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20';

function loadDriver(): typeof BetterSqlite3 {
  try {
    return require(sqliteDriverPackage) as typeof BetterSqlite3;
  } catch (err) {
    if ((err as { code?: unknown }).code !== 'MODULE_NOT_FOUND') throw err;
    throw new Error(
      `The SQLite driver for Node ${process.version} (${sqliteDriverPackage}) is not installed: node_modules comes ` +
        'from another Node.js major version, or the driver failed to install. Run `npm ci` with this Node.js.',
      { cause: err },
    );
  }
}

export const SQLite = loadDriver();
export type SQLiteDatabase = BetterSqlite3.Database;
export type SQLiteStatement = BetterSqlite3.Statement;
