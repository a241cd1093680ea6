/**
 * When SQLite meets a full disk (SQLITE_FULL) or an I/O error inside a transaction, it rolls the
 * transaction back itself. Kysely then sends ROLLBACK anyway, which fails with "cannot rollback -
 * no transaction is active", and that error replaces the real one in the log. Skipping the
 * ROLLBACK when no transaction is open lets 'database or disk is full' reach the log and the
 * error handler.
 */
import type { DatabaseConnection, Dialect, Driver } from 'kysely';
import { withDriver } from './driverWrap';

export function withSafeRollback(dialect: Dialect, inTransaction: () => boolean): Dialect {
  return withDriver(dialect, (driver): Driver => ({
    init: () => driver.init(),
    acquireConnection: () => driver.acquireConnection(),
    beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
    commitTransaction: (connection) => driver.commitTransaction(connection),
    rollbackTransaction: async (connection: DatabaseConnection) => {
      if (inTransaction()) await driver.rollbackTransaction(connection);
    },
    savepoint: driver.savepoint?.bind(driver),
    rollbackToSavepoint: driver.rollbackToSavepoint?.bind(driver),
    releaseSavepoint: driver.releaseSavepoint?.bind(driver),
    releaseConnection: (connection) => driver.releaseConnection(connection),
    destroy: () => driver.destroy(),
  }));
}
