// @ts-check
/**
 * The JSON body parser's worker thread (plugins/jsonBody.ts): refuses a body nested too deep from
 * its bytes, then decodes and parses it (an import's 5 MiB) and scans it for the refused keys, off
 * the event loop. Plain JavaScript, like hashWorker.mjs, so the thread starts the same under tsx,
 * vitest and plain node. It answers every message, whatever the body: a value it cannot send back
 * is answered as invalid rather than left to end the thread (and fail every body waiting on it).
 */
import { Buffer } from 'node:buffer';
import { parentPort } from 'node:worker_threads';
import secureJson from 'secure-json-parse';
import { tooDeepAt } from '../../../common/jsonDepth.mjs';

if (!parentPort) throw new Error('jsonWorker.mjs runs as a worker thread only.');
const port = parentPort;

const REFUSED_KEYS = [
  { key: '__proto__', options: { protoAction: 'error', constructorAction: 'ignore' } },
  { key: 'constructor.prototype', options: { protoAction: 'ignore', constructorAction: 'error' } },
];

/**
 * More values than any call takes (a route may allow more: config.maxBodyValues, the days import's
 * 20,000 days): sending such a body back
 * and checking its text would hold the event loop for as long as the values are many (a 5 MiB
 * array of a million zeros), so it is refused here, off the loop.
 */
const MAX_VALUES = 10_000;

/**
 * Whether `value` holds more than `max` values, counted with an explicit stack that stops at the bound.
 * @param {any} value
 * @param {number} max
 */
function tooManyValues(value, max) {
  const stack = [value];
  let count = 0;
  while (stack.length > 0) {
    const inner = stack.pop();
    if (++count > max) return true;
    if (inner !== null && typeof inner === 'object') for (const key in inner) stack.push(inner[key]);
  }
  return false;
}

/** @param {number} id @param {Uint8Array} bytes @param {number} max */
function answer(id, bytes, max) {
  if (tooDeepAt(bytes) >= 0) {
    port.postMessage({ id, tooDeep: true });
    return;
  }
  let value;
  try {
    value = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch {
    port.postMessage({ id, invalid: true });
    return;
  }
  if (value !== null && typeof value === 'object') {
    if (tooManyValues(value, max)) {
      port.postMessage({ id, tooMany: max });
      return;
    }
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
}

port.on('message', (/** @type {{ id: number; bytes: Uint8Array; maxValues?: number }} */ { id, bytes, maxValues }) => {
  try {
    answer(id, bytes, maxValues ?? MAX_VALUES);
  } catch {
    port.postMessage({ id, invalid: true });
  }
});
