// @ts-check
/**
 * The JSON body parser's worker thread (plugins/jsonBody.ts): decodes and parses a large body (an
 * import's 5 MiB) and scans it for the refused keys, off the event loop. Plain JavaScript, like
 * hashWorker.mjs, so the thread starts the same under tsx, vitest and plain node.
 */
import { Buffer } from 'node:buffer';
import { parentPort } from 'node:worker_threads';
import secureJson from 'secure-json-parse';

if (!parentPort) throw new Error('jsonWorker.mjs runs as a worker thread only.');
const port = parentPort;

const REFUSED_KEYS = [
  { key: '__proto__', options: { protoAction: 'error', constructorAction: 'ignore' } },
  { key: 'constructor.prototype', options: { protoAction: 'ignore', constructorAction: 'error' } },
];

port.on('message', (/** @type {{ id: number; bytes: Uint8Array }} */ { id, bytes }) => {
  let value;
  try {
    value = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch {
    port.postMessage({ id, invalid: true });
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const { key, options } of REFUSED_KEYS) {
      try {
        secureJson.scan(value, /** @type {any} */ (options));
      } catch {
        port.postMessage({ id, refusedKey: key });
        return;
      }
    }
  }
  port.postMessage({ id, value });
});
