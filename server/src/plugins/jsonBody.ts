/**
 * The JSON body parser: Fastify's own refuses a `__proto__` or `constructor.prototype` key with
 * "not valid JSON", which sends a client looking for a syntax error that is not there. This one
 * parses with secure-json-parse and says which key was refused (a key that could change the
 * prototype of every object on the server), keeping the other answers as they were.
 * Before anything parses a body, one linear scan of its text refuses nesting deeper than
 * JSON_MAX_DEPTH (issue #38: 7,000 levels held the event loop for 300 ms in the walks after the
 * parse, and 100,000 made the worker's answer overflow), so no later step meets a deep value.
 */
import { Worker } from 'node:worker_threads';
import { errorCodes, type FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { JSON_MAX_DEPTH, tooDeepAt } from '@common/jsonDepth.mjs';
import { ApiHttpError } from '../domain/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** More values than the parser's default bound of 10,000 that this route's body may hold (the days import). */
    maxBodyValues?: number;
  }
}

const REFUSED_KEYS = [
  { key: '__proto__', options: { protoAction: 'error', constructorAction: 'ignore' } },
  { key: 'constructor.prototype', options: { protoAction: 'ignore', constructorAction: 'error' } },
] as const;

const refusedKeyError = (key: string) =>
  new ApiHttpError(400, 'INVALID_INPUT', `The request body has a "${key}" key, which the server refuses: it could change how every object behaves.`);

const tooDeepError = () =>
  new ApiHttpError(400, 'INVALID_INPUT', `The request body nests deeper than ${JSON_MAX_DEPTH} levels (arrays and objects together).`);

export function parseJsonBody(text: string): unknown {
  if (text.length === 0) throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
  if (tooDeepAt(text) >= 0) throw tooDeepError();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
  }
  if (value === null || typeof value !== 'object') return value;
  for (const { key, options } of REFUSED_KEYS) {
    try {
      secureJson.scan(value, options);
    } catch {
      throw refusedKeyError(key);
    }
  }
  return value;
}

/**
 * Bodies from this size on are decoded and parsed on a worker thread: a 5 MiB import took about
 * 50 ms of the event loop in one step (25 ms to decode, 25 ms to parse), which every other
 * request waited through (issue #30). Smaller bodies parse faster here than a trip to the thread.
 */
const WORKER_BYTES = 64 * 1024;
const WORKER_FILE = new URL('./jsonWorker.mjs', import.meta.url);

type WorkerAnswer = { id: number; value?: unknown; invalid?: true; tooDeep?: true; tooMany?: number; refusedKey?: string };

/** One thread for the whole process, started on the first large body; it never keeps the process alive. */
class JsonThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, (answer: WorkerAnswer | Error) => void>();
  private nextId = 0;

  parse(body: Buffer, maxValues: number | undefined): Promise<unknown> {
    const id = this.nextId++;
    // A copy: the body may share its memory with other buffers, which transferring would take from them.
    const bytes = new Uint8Array(body);
    return new Promise((resolve, reject) => {
      this.pending.set(id, (answer) => {
        if (answer instanceof Error) reject(answer);
        else if (answer.tooDeep) reject(tooDeepError());
        else if (answer.tooMany) reject(new ApiHttpError(400, 'INVALID_INPUT', `The request body holds more than ${answer.tooMany.toLocaleString('en')} values, more than this call takes.`));
        else if (answer.invalid) reject(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY());
        else if (answer.refusedKey) reject(refusedKeyError(answer.refusedKey));
        else resolve(answer.value);
      });
      this.thread().postMessage({ id, bytes, maxValues }, [bytes.buffer]);
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    // Plain JavaScript: it must not inherit the server's loaders (tsx, a test's --import).
    const worker = new Worker(WORKER_FILE, { execArgv: [] });
    worker.unref();
    worker.on('message', (answer: WorkerAnswer) => {
      const settle = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      settle?.(answer);
    });
    const lost = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const settle of this.pending.values()) settle(err);
      this.pending.clear();
    };
    worker.on('error', lost);
    worker.on('exit', () => lost(new Error('the JSON parser thread exited')));
    this.worker = worker;
    return worker;
  }
}

const jsonThread = new JsonThread();

export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length >= WORKER_BYTES) {
      jsonThread.parse(bytes, request.routeOptions.config.maxBodyValues).then((value) => done(null, value), (err: Error) => done(err, undefined));
      return;
    }
    try {
      done(null, parseJsonBody(bytes.toString('utf8')));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}
