// @ts-check
/**
 * The hash queue's worker thread (plugins/hashQueue.ts): scryptSync for each job it is sent.
 * Plain JavaScript, type-checked through JSDoc, so the thread starts the same under tsx, vitest
 * and plain node, without a TypeScript loader in the worker.
 */
import { scryptSync } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

/** @typedef {{ password: string; salt: Buffer; keyLength: number; options: import('node:crypto').ScryptOptions }} HashJob */

if (!parentPort) throw new Error('hashWorker.mjs runs as a worker thread only.');
const port = parentPort;

port.on('message', (/** @type {HashJob} */ { password, salt, keyLength, options }) => {
  try {
    port.postMessage({ key: scryptSync(password, salt, keyLength, options) });
  } catch (err) {
    port.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
});
