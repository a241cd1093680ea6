// @ts-check
/**
 * The SQLite checkpoint's worker thread (db/checkpoints.ts): copies the write-ahead log's committed
 * pages into the database file on a connection of its own, off the event loop. Plain JavaScript,
 * like plugins/jsonWorker.mjs, so the thread starts the same under tsx, vitest and plain node.
 *
 * PASSIVE never waits for a reader or a writer and never blocks one: the server's connection keeps
 * committing to the log while a checkpoint runs, and a checkpoint that could not copy every page
 * (a reader still on an older snapshot) copies the rest on a later turn.
 */
import { createRequire } from 'node:module';
import { clearInterval, setInterval } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';

if (!parentPort) throw new Error('checkpointWorker.mjs runs as a worker thread only.');
const port = parentPort;

/** @type {{ file: string; driver: string; everyMs: number }} */
const { file, driver, everyMs } = workerData;
const SQLite = createRequire(import.meta.url)(driver);
const db = new SQLite(file);
db.pragma('busy_timeout = 1000');

const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    // A busy database is tried again on the next turn; anything else ends the thread, and the
    // server's connection checkpoints for itself again (checkpoints.ts).
    if (/** @type {{ code?: string }} */ (err).code !== 'SQLITE_BUSY') throw err;
  }
};

const timer = setInterval(checkpoint, everyMs);
port.on('message', (/** @type {'checkpoint' | 'stop'} */ message) => {
  if (message === 'checkpoint') return checkpoint();
  clearInterval(timer);
  db.close();
  port.close();
});
