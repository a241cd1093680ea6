// @ts-check
/**
 * Lists the ways a lingualog-json file differs from the import schema, off the event loop
 * (transfer/lingualogJsonSchema.ts): a 5 MiB file holding millions of small wrong values has as
 * many errors, which took Ajv 1.4 s and the steps after it 15 s more of the loop (issue #38). Only
 * the first `cap` errors come back: no more are ever shown. Plain JavaScript, like the JSON body
 * parser's worker, so the thread starts the same under tsx, vitest and plain node.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Ajv } from 'ajv';

if (!parentPort) throw new Error('schemaWorker.mjs runs as a worker thread only.');
const port = parentPort;
/** @type {{ schema: object; options: import('ajv').Options; cap: number }} */
const { schema, options, cap } = workerData;
const validate = new Ajv(options).compile(schema);

port.on('message', (/** @type {{ id: number; text: string }} */ { id, text }) => {
  try {
    const errors = validate(JSON.parse(text)) ? [] : (validate.errors ?? []);
    // Plain objects (Ajv's own carry nothing a message cannot), the first `cap` only.
    port.postMessage({ id, errors: errors.slice(0, cap).map(({ instancePath, schemaPath, keyword, params, message }) => ({ instancePath, schemaPath, keyword, params, message })), complete: errors.length <= cap });
  } catch {
    port.postMessage({ id, failed: true });
  }
});
