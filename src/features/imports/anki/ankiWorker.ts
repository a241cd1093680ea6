/**
 * The Anki import's worker: reads the learner's file on the device (it is never sent), so a
 * collection of hundreds of MB never holds the page's main thread. sql.js and its WebAssembly
 * load here only, when the learner opens the import; the WebAssembly is left out of the service
 * worker's precache (vite.config.ts).
 */
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import wasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url';
import type { AnkiProgress, AnkiWorkerMessage, AnkiWorkerRequest } from './protocol';
import { packageKind } from './protocol';
import { AnkiReadError, readAnkiPackage } from './readCollection';

const post = (message: AnkiWorkerMessage) => self.postMessage(message);
const progress = (value: AnkiProgress) => post({ type: 'progress', progress: value });

let sqlJs: Promise<SqlJsStatic> | undefined;

/** Progress of the file's reading goes out about every 1%, not every chunk. */
const PROGRESS_SHARE = 0.01;

async function readFile(file: File): Promise<Uint8Array> {
  const bytes = new Uint8Array(file.size);
  const reader = file.stream().getReader();
  let done = 0;
  let reported = 0;
  progress({ stage: 'reading', done, total: file.size });
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    bytes.set(chunk.value, done);
    done += chunk.value.length;
    if (done - reported >= file.size * PROGRESS_SHARE) {
      reported = done;
      progress({ stage: 'reading', done, total: file.size });
    }
  }
  progress({ stage: 'reading', done, total: file.size });
  return bytes;
}

self.onmessage = async ({ data }: MessageEvent<AnkiWorkerRequest>) => {
  let bytes: Uint8Array;
  let SQL: SqlJsStatic;
  try {
    sqlJs ??= initSqlJs({ locateFile: () => wasmUrl });
    [bytes, SQL] = await Promise.all([readFile(data.file), sqlJs]);
  } catch {
    post({ type: 'error', code: 'unreadable' });
    return;
  }
  try {
    const reading = readAnkiPackage(bytes, SQL, {
      kind: packageKind(data.file.name),
      timeZone: data.timeZone,
      dayBoundaryMinutes: data.dayBoundaryMinutes,
      onStep: (stage) => progress({ stage }),
    });
    post({ type: 'done', reading });
  } catch (err) {
    // Anything else (out of memory on a huge file) is a file this device could not read.
    post({ type: 'error', code: err instanceof AnkiReadError ? err.code : 'unreadable' });
  }
};
