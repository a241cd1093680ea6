/**
 * SQLite has one connection for Kysely, taken by one query or one transaction at a time. An import
 * keeps its transaction open for seconds (its days are written in batches, with the event loop
 * free between them), so every other request's query used to wait for its COMMIT: a bystander's
 * session check, another learner's insights (issue #30).
 *
 * With this driver, a read outside a transaction that comes while a transaction is open runs on a
 * second, read-only connection instead. In WAL mode that connection reads the last commit, never
 * the open transaction's rows, and takes no lock a writer waits for. Writes and transactions still
 * take the connection in turn (SQLite has one writer): another learner's write during an import
 * waits for its COMMIT, within its own deadline.
 */
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, SqliteDatabase, TransactionSettings } from 'kysely';
import type { SQLiteStatement } from './sqliteDriver';
import { withDriver } from './driverWrap';

/** What a query outside a transaction is given: the connection is taken only for what must run on it. */
class TurnConnection implements DatabaseConnection {
  /** The connection while this one holds it for a transaction. */
  held: DatabaseConnection | null = null;

  constructor(
    private readonly driver: Driver,
    private readonly inTransaction: () => boolean,
    private readonly committed: SqliteDatabase,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.held) return this.held.executeQuery<R>(query);
    if (this.inTransaction()) {
      const statement = this.committed.prepare(query.sql) as unknown as SQLiteStatement;
      if (statement.reader) return { rows: statement.all(query.parameters as unknown[]) as R[] };
    }
    const connection = await this.driver.acquireConnection();
    try {
      return await connection.executeQuery<R>(query);
    } finally {
      await this.driver.releaseConnection(connection);
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    const connection = this.held ?? (await this.driver.acquireConnection());
    try {
      yield* connection.streamQuery<R>(query, chunkSize);
    } finally {
      if (!this.held) await this.driver.releaseConnection(connection);
    }
  }
}

const heldBy = (connection: DatabaseConnection): DatabaseConnection => {
  const held = (connection as TurnConnection).held;
  if (!held) throw new Error('a transaction step on a connection that holds no transaction');
  return held;
};

/** `committed`: the read-only connection (with its statement cache). */
export function withCommittedReads(dialect: Dialect, inTransaction: () => boolean, committed: SqliteDatabase): Dialect {
  return withDriver(dialect, (driver): Driver => ({
    init: () => driver.init(),
    acquireConnection: async () => new TurnConnection(driver, inTransaction, committed),
    beginTransaction: async (connection: DatabaseConnection, settings: TransactionSettings) => {
      const turn = connection as TurnConnection;
      turn.held = await driver.acquireConnection();
      await driver.beginTransaction(turn.held, settings);
    },
    commitTransaction: (connection) => driver.commitTransaction(heldBy(connection)),
    rollbackTransaction: (connection) => driver.rollbackTransaction(heldBy(connection)),
    savepoint: driver.savepoint && ((connection, name, compile) => driver.savepoint!(heldBy(connection), name, compile)),
    rollbackToSavepoint: driver.rollbackToSavepoint && ((connection, name, compile) => driver.rollbackToSavepoint!(heldBy(connection), name, compile)),
    releaseSavepoint: driver.releaseSavepoint && ((connection, name, compile) => driver.releaseSavepoint!(heldBy(connection), name, compile)),
    releaseConnection: async (connection) => {
      const turn = connection as TurnConnection;
      const held = turn.held;
      turn.held = null;
      if (held) await driver.releaseConnection(held);
    },
    destroy: () => driver.destroy(),
  }));
}
