/**
 * Password hashing on worker threads of its own, behind a bounded queue. node:crypto's async
 * scrypt runs on libuv's four threads, which static files need too: 300 abandoned sign-ins made
 * `GET /` wait 14 s. Here each worker runs scryptSync on its own thread; a job whose client has
 * gone (or that was already answered, e.g. by the request deadline) is dropped before it starts;
 * and when the queue is full the caller gets 503 with Retry-After at once.
 */
import type { ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiHttpError, retryAfterSeconds } from '../domain/errors';
import { KEY_LENGTH, type HashCost, type ScryptRunner } from './password';

export interface HashQueueOptions {
  /** Threads hashing at once; default one fewer than the cores (at least 1), so the event loop keeps a core. */
  workers?: number;
  /** Sign-ins allowed to wait for a free thread; default 8 per thread. */
  maxQueued?: number;
}

export interface HashQueueStats {
  started: number;
  completed: number;
  /** Dropped before starting because the client had gone or was already answered. */
  skipped: number;
  /** Refused with 503 because the queue was full. */
  refused: number;
}

const WORKER_FILE = new URL('./hashWorker.mjs', import.meta.url);

interface Job {
  password: string;
  salt: Buffer;
  options: ScryptOptions & HashCost;
  signal: AbortSignal;
  resolve(key: Buffer): void;
  reject(err: unknown): void;
}

const gone = () => new ApiHttpError(503, 'SERVICE_UNAVAILABLE', 'The request was abandoned before its password was checked.');

export class HashQueue {
  readonly stats: HashQueueStats = { started: 0, completed: 0, skipped: 0, refused: 0 };
  private readonly workers: number;
  private readonly maxQueued: number;
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, { job: Job; startedAt: number }>();
  private readonly waiting: Job[] = [];
  /** Moving average of one hash, for Retry-After; a guess until the first hash is measured. */
  private averageMs = 300;
  private closed = false;

  constructor(options: HashQueueOptions = {}) {
    this.workers = options.workers ?? Math.max(1, availableParallelism() - 1);
    this.maxQueued = options.maxQueued ?? 8 * this.workers;
  }

  /** A scrypt runner for one request: its job is skipped once `signal` aborts. */
  runner(signal: AbortSignal): ScryptRunner {
    return (password, salt, options) =>
      new Promise<Buffer>((resolve, reject) => {
        if (signal.aborted) {
          this.stats.skipped++;
          return reject(gone());
        }
        const job: Job = { password, salt, options, signal, resolve, reject };
        const worker = this.freeWorker();
        if (worker) return this.start(worker, job);
        if (this.waiting.length >= this.maxQueued) {
          this.stats.refused++;
          const seconds = this.retryAfterSeconds();
          return reject(
            new ApiHttpError(503, 'SERVICE_UNAVAILABLE', `Too many sign-ins at once. Please try again in ${seconds} seconds.`, {
              'retry-after': String(seconds),
            }),
          );
        }
        this.waiting.push(job);
        signal.addEventListener('abort', () => this.drop(job), { once: true });
      });
  }

  /** A runner for the request, skipped when its client hangs up or when it is answered meanwhile. */
  forRequest(request: FastifyRequest, reply: FastifyReply): ScryptRunner {
    return this.runner(abandonSignal(request, reply));
  }

  queued(): number {
    return this.waiting.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(gone());
    await Promise.all([...this.idle.splice(0), ...this.busy.keys()].map((w) => w.terminate()));
  }

  private retryAfterSeconds(): number {
    const ahead = this.waiting.length + this.busy.size;
    return retryAfterSeconds((ahead / this.workers) * this.averageMs);
  }

  private freeWorker(): Worker | undefined {
    if (this.closed) return undefined;
    const worker = this.idle.pop();
    if (worker) return worker;
    return this.busy.size < this.workers ? this.spawn() : undefined;
  }

  private spawn(): Worker {
    // The worker is plain JavaScript: it must not inherit the server's loaders and preloads
    // (tsx, or a test's --import), which a worker thread may not be able to run.
    const worker = new Worker(WORKER_FILE, { execArgv: [] });
    // A hashing thread must never keep a closing server (or a test run) alive.
    worker.unref();
    worker.on('message', (answer: { key?: Uint8Array; error?: string }) => this.finish(worker, answer));
    worker.on('error', (err) => this.lose(worker, err));
    worker.on('exit', () => this.lose(worker, new Error('hash worker exited')));
    return worker;
  }

  private start(worker: Worker, job: Job): void {
    this.stats.started++;
    this.busy.set(worker, { job, startedAt: performance.now() });
    worker.postMessage({ password: job.password, salt: job.salt, keyLength: KEY_LENGTH, options: job.options });
  }

  private finish(worker: Worker, answer: { key?: Uint8Array; error?: string }): void {
    const running = this.busy.get(worker);
    this.busy.delete(worker);
    if (running) {
      this.stats.completed++;
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - running.startedAt);
      if (answer.key) running.job.resolve(Buffer.from(answer.key.buffer, answer.key.byteOffset, answer.key.byteLength));
      else running.job.reject(new Error(answer.error ?? 'scrypt failed'));
    }
    this.next(worker);
  }

  private next(worker: Worker): void {
    let job = this.waiting.shift();
    while (job?.signal.aborted) {
      this.stats.skipped++;
      job.reject(gone());
      job = this.waiting.shift();
    }
    if (job && !this.closed) this.start(worker, job);
    else this.idle.push(worker);
  }

  private drop(job: Job): void {
    const index = this.waiting.indexOf(job);
    if (index < 0) return;
    this.waiting.splice(index, 1);
    this.stats.skipped++;
    job.reject(gone());
  }

  private lose(worker: Worker, err: Error): void {
    const running = this.busy.get(worker);
    this.busy.delete(worker);
    const idleAt = this.idle.indexOf(worker);
    if (idleAt >= 0) this.idle.splice(idleAt, 1);
    running?.job.reject(err);
  }
}

/**
 * Aborts when the client's connection closes or when the reply has been sent (the request
 * deadline may answer 503 first). Fastify's request.signal cannot serve: on Node 20 it aborts
 * as soon as a POST body has been read.
 */
export function abandonSignal(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const socket = request.raw.socket as (typeof request.raw.socket & { destroyed?: boolean }) | undefined;
  if (socket?.destroyed) abort();
  else if (socket && typeof socket.once === 'function') {
    socket.once('close', abort);
    reply.raw.once('finish', () => socket.off('close', abort));
  }
  reply.raw.once('finish', abort);
  return controller.signal;
}
