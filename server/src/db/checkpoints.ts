/**
 * SQLite in WAL mode copies the log into the database file (a checkpoint) at the end of the COMMIT
 * that brings the log past 1,000 pages, on the connection that commits: for an import of 160,000
 * days, about half of its COMMIT's step on the event loop, which every other request waits through
 * (issue #30, docs/PERFORMANCE.md). Here the server's connection stops checkpointing
 * (`wal_autocheckpoint = 0`) and a worker thread with a connection of its own checkpoints the log
 * every half second (checkpointWorker.mjs), PASSIVE: it never blocks the server's reads or writes.
 *
 * If the thread cannot start or ends, the server's connection checkpoints for itself again, as
 * SQLite does by default: the log never grows without bound.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { SQLiteDatabase } from './sqliteDriver';
import { sqliteDriverPackage } from './sqliteDriver';

const WORKER_FILE = new URL('./checkpointWorker.mjs', import.meta.url);
const EVERY_MS = 500;
/** SQLite's default. */
const AUTO_CHECKPOINT_PAGES = 1000;

export interface Checkpoints {
  /** Ends the thread; the server's connection checkpoints the rest when it closes. */
  stop(): void;
}

export function checkpointOffThread(sqlite: SQLiteDatabase, file: string): Checkpoints {
  sqlite.pragma('wal_autocheckpoint = 0');
  let stopped = false;
  const selfAgain = () => {
    if (!stopped && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
  };
  let worker: Worker;
  try {
    const driver = createRequire(import.meta.url).resolve(sqliteDriverPackage);
    // Plain JavaScript: it must not inherit the server's loaders (tsx, a test's --import).
    worker = new Worker(WORKER_FILE, { execArgv: [], workerData: { file, driver, everyMs: EVERY_MS } });
  } catch (err) {
    console.error(`SQLite checkpoints stay on the server's connection: ${(err as Error).message}`);
    selfAgain();
    return { stop: () => {} };
  }
  worker.unref();
  worker.on('error', (err) => {
    console.error(`SQLite checkpoint thread ended, the server's connection checkpoints again: ${err.message}`);
    selfAgain();
  });
  worker.on('exit', selfAgain);
  return {
    stop: () => {
      if (stopped) return;
      stopped = true;
      worker.postMessage('stop');
    },
  };
}
