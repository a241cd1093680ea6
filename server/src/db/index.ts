/**
 * createDatabase(url): SQLite (better-sqlite3, see sqliteDriver.ts) for `sqlite:<path>` or a bare path, PostgreSQL
 * (pg Pool) for postgres:// and postgresql:// URLs. Everything above this file is dialect-free.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database } from './database';
import { allowDirectReads, type DirectReader, type DirectRun, type DirectTransactor, type DirectUnflushedWriter } from './prepared';
import { withCommittedReads } from './committedReads';
import { withSafeRollback } from './safeRollback';
import { SQLite, type SQLiteDatabase, type SQLiteStatement } from './sqliteDriver';
import { plannerBlindParameters } from './plannerBlindParameters';
import * as initial from './migrations/20261121_01_initial';
import * as seedLanguages from './migrations/20261121_02_seed_languages';
import * as languageTotals from './migrations/20261121_03_language_totals';
import * as restDays from './migrations/20261123_01_rest_days';
import * as streakCache from './migrations/20261123_02_streak_cache';
import * as statsCache from './migrations/20261123_03_stats_cache';
import * as idempotencyKeys from './migrations/20261125_01_idempotency_keys';
import * as timers from './migrations/20261125_02_timers';
import * as dayBoundary from './migrations/20261125_03_day_boundary';
import * as dataVersion from './migrations/20261125_04_data_version';
import * as keyBound from './migrations/20261126_01_key_bound';
import * as accessTokens from './migrations/20261126_02_access_tokens';
import * as reminders from './migrations/20261126_03_reminders';
import * as passwordResets from './migrations/20261126_04_password_resets';
import * as stoppedTimers from './migrations/20261126_05_stopped_timers';
import * as tokenOrder from './migrations/20261127_01_token_order';
import * as credentialLimits from './migrations/20261129_02_credential_limits';
import * as preferences from './migrations/20261129_03_preferences';
import * as pushFailures from './migrations/20261129_01_push_failures';

const migrations: Record<string, Migration> = {
  '20261121_01_initial': initial,
  '20261121_02_seed_languages': seedLanguages,
  '20261121_03_language_totals': languageTotals,
  '20261123_01_rest_days': restDays,
  '20261123_02_streak_cache': streakCache,
  '20261123_03_stats_cache': statsCache,
  '20261125_01_idempotency_keys': idempotencyKeys,
  '20261125_02_timers': timers,
  '20261125_03_day_boundary': dayBoundary,
  '20261125_04_data_version': dataVersion,
  '20261126_01_key_bound': keyBound,
  '20261126_02_access_tokens': accessTokens,
  '20261126_03_reminders': reminders,
  '20261126_04_password_resets': passwordResets,
  '20261126_05_stopped_timers': stoppedTimers,
  '20261127_01_token_order': tokenOrder,
  '20261129_01_push_failures': pushFailures,
  '20261129_02_credential_limits': credentialLimits,
  '20261129_03_preferences': preferences,
};

function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/**
 * PostgreSQL connect (and wait for a pooled connection) and statement timeout: a hung database
 * answers 503 in seconds, not never. Under the request deadline (10 s), yet long enough that a
 * burst of writes queueing for one learner's row lock on a busy machine still succeeds.
 */
const DATABASE_TIMEOUT_MS = 8_000;

export function createDatabase(url: string, { timeoutMs = DATABASE_TIMEOUT_MS }: { timeoutMs?: number } = {}): Kysely<Database> {
  if (isPostgresUrl(url)) {
    // statement_timeout stops a slow statement on the server; query_timeout gives up on the client
    // side too, for a server that no longer answers at all (stopped, or the network gone).
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: timeoutMs,
      statement_timeout: timeoutMs,
      query_timeout: timeoutMs + 1_000,
      idle_in_transaction_session_timeout: 6 * timeoutMs,
      keepAlive: true,
    });
    // An idle connection can be ended by the database (restart, failover, DROP DATABASE); without a
    // listener pg rethrows that as an uncaught error and the whole process dies. The pool replaces
    // the connection on the next query, so noting it is enough.
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const file = url.replace(/^sqlite:/i, '');
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A second connection, read-only, for reads while a transaction holds the first (committedReads.ts).
  // An in-memory database is private to its connection, so it has none.
  const reader = file === ':memory:' ? null : new SQLite(file, { readonly: true });
  reader?.pragma('busy_timeout = 5000');
  const committed = reader && withStatementCache(reader);
  const statements = withStatementCache(sqlite, reader);
  const inTransaction = () => sqlite.inTransaction;
  const dialect = new SqliteDialect({ database: statements });
  const db = new Kysely<Database>({ dialect: withSafeRollback(committed ? withCommittedReads(dialect, inTransaction, committed) : dialect, inTransaction) });
  allowDirectReads(db, directReader(sqlite, statements, committed), unflushedWriter(sqlite, statements), directTransactor(sqlite, statements));
  return db;
}

/**
 * The counters' writes (db/accessTokens.ts) run straight on the connection while no transaction is
 * open on it, as the direct reads do, and commit with synchronous=NORMAL (in WAL mode: no fsync),
 * the connection's own setting back at once. The three steps run in one synchronous block, so no
 * other statement commits under the lighter setting (Kysely's way took three queries, each a turn of
 * the event loop, and about half a bearer call's extra cost: docs/PERFORMANCE.md, issue #43).
 */
function unflushedWriter(sqlite: SQLiteDatabase, statements: SqliteDatabase): DirectUnflushedWriter {
  const own = Number(sqlite.pragma('synchronous', { simple: true }));
  const lighter = sqlite.prepare('pragma synchronous = normal');
  const back = sqlite.prepare(`pragma synchronous = ${own}`);
  return (sql, parameters) => {
    if (sqlite.inTransaction) return null;
    const statement = statements.prepare(sql) as unknown as SQLiteStatement;
    lighter.run();
    try {
      if (statement.reader) return { rows: statement.all(parameters as unknown[]) };
      const { changes } = statement.run(parameters as unknown[]);
      return { rows: [], numAffectedRows: BigInt(changes) };
    } finally {
      back.run();
    }
  };
}

/**
 * A whole transaction in one synchronous block on the connection (db/prepared.ts, atOnce), while no
 * transaction is open on it: better-sqlite3's BEGIN, the statements, and a COMMIT under the
 * connection's own synchronous=FULL (one fsync, as Kysely's COMMIT), or a ROLLBACK if one throws.
 * Nothing else runs on the connection meanwhile, so it is as if the transaction had come just
 * before any Kysely transaction still waiting for the connection.
 */
function directTransactor(sqlite: SQLiteDatabase, statements: SqliteDatabase): DirectTransactor {
  const run: DirectRun = (sql, parameters) => {
    const statement = statements.prepare(sql) as unknown as SQLiteStatement;
    if (statement.reader) return { rows: statement.all(parameters as unknown[]) };
    const { changes } = statement.run(parameters as unknown[]);
    return { rows: [], numAffectedRows: BigInt(changes) };
  };
  const transaction = sqlite.transaction((work: (run: DirectRun) => unknown) => work(run));
  return <T>(work: (run: DirectRun) => T) => (sqlite.inTransaction ? undefined : { value: transaction(work) as T });
}

/**
 * The compiled hot reads (db/prepared.ts) run straight on the connection while no transaction is
 * open on it. Kysely runs one query at a time on SQLite's single connection and better-sqlite3 is
 * synchronous, so such a read is whole before anything else runs: it reads what is committed, as
 * if it had come just before any transaction waiting for the connection.
 *
 * While a transaction is open (between its BEGIN and its COMMIT, across awaits: an import writes
 * 160,000 rows in batches for seconds), the read runs on the read-only second connection instead.
 * In WAL mode that connection reads the last commit and never the open transaction's rows, and it
 * takes no lock a writer waits for, so a session check does not wait for an import to finish
 * (issue #30). Writes always take Kysely's way, one transaction at a time.
 */
function directReader(sqlite: SQLiteDatabase, statements: SqliteDatabase, committed: SqliteDatabase | null): DirectReader {
  return (sql, parameters) => {
    const on = sqlite.inTransaction ? committed : statements;
    if (!on) return null;
    const statement = on.prepare(sql) as unknown as SQLiteStatement;
    if (!statement.reader) return null;
    return { rows: statement.all(parameters as unknown[]) };
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely calls prepare() for every query, and compiling the SQL was the largest single cost of a
 * read (docs/PERFORMANCE.md). Statements are reusable, and Kysely runs one query at a time on
 * the connection, so each distinct SQL text is compiled once. The bound keeps queries whose text
 * varies (IN lists) from growing the cache without limit.
 */
function withStatementCache(sqlite: SQLiteDatabase, alsoClose: SQLiteDatabase | null = null): SqliteDatabase {
  const statements = new Map<string, SQLiteStatement>();
  return {
    close: () => {
      alsoClose?.close();
      sqlite.close();
    },
    prepare: (sql) => {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        // Compiled once however the values bound to it change (plannerBlindParameters.ts).
        statement = sqlite.prepare(plannerBlindParameters(sql));
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/** A FOREIGN KEY constraint violation, in either dialect (e.g. the referenced row was deleted meanwhile). */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** A UNIQUE constraint violation, in either dialect. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
