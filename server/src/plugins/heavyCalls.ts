/**
 * Rations the calls whose cost follows the learner's data (import, export, stats), so one
 * learner's files cannot slow everyone's dashboards:
 * - per learner: one import or export at a time (the next is 429 RATE_LIMITED with Retry-After),
 *   and a few stats reads at once;
 * - in total: a few heavy calls run at once and a small queue waits for them; when the queue is
 *   full the call is 503 SERVICE_UNAVAILABLE with Retry-After. A call still waiting when its
 *   deadline passes leaves the queue with 503, having done nothing.
 * The check runs before the body is read (preParsing), so a refused 5 MiB import costs nothing.
 * It is a hook of the routes whose config names `heavy` only: no other request runs it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiHttpError } from '../domain/errors';
import { RETRY_AFTER_SECONDS } from './errors';

export type HeavyKind = 'transfer' | 'read';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** transfer: import or export (one at a time per learner); read: a wide read such as stats. */
    heavy?: HeavyKind;
  }
}

export interface HeavyCallOptions {
  /** Heavy calls running at once, and waiting beyond them, per kind. */
  running?: Partial<Record<HeavyKind, number>>;
  waiting?: Partial<Record<HeavyKind, number>>;
  /** Calls of one kind one learner may have running or waiting at once. */
  perLearner?: Partial<Record<HeavyKind, number>>;
}

// The work is the event loop's: two imports at once each take twice as long and both risk their
// deadline, and each heavy call in flight can add a step of a few milliseconds to every turn of the
// loop that a bystander's request waits through. So one import or export and two wide reads run
// at once in total; the next waits, or answers 503 at its deadline having done nothing (issue #30).
const DEFAULTS = {
  running: { transfer: 1, read: 2 },
  waiting: { transfer: 4, read: 32 },
  perLearner: { transfer: 1, read: 16 },
} satisfies Record<string, Record<HeavyKind, number>>;

const retry = { 'retry-after': RETRY_AFTER_SECONDS };

/** A fixed number of slots and a bounded queue of callers waiting for one, first come first served. */
class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly max: number, private readonly queue: number) {}

  /** A release function once a slot is free; null when the queue is full; rejects with the signal's reason if it aborts first. */
  async take(signal: AbortSignal): Promise<(() => void) | null> {
    signal.throwIfAborted();
    if (this.running < this.max) {
      this.running += 1;
      return this.releaser();
    }
    if (this.waiting.length >= this.queue) return null;
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        signal.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        this.waiting.splice(this.waiting.indexOf(wake), 1);
        reject(signal.reason);
      };
      this.waiting.push(wake);
      signal.addEventListener('abort', leave, { once: true });
    });
    return this.releaser();
  }

  /** Hands the slot to the next in the queue, or frees it; only once. */
  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    };
  }
}

const REFUSED: Record<HeavyKind, string> = {
  transfer: 'Another import or export of yours is still running; try again when it has finished.',
  read: 'Too many of your insights requests are running at once; try again in a few seconds.',
};

export function registerHeavyCalls(app: FastifyInstance, options: HeavyCallOptions = {}): void {
  const setting = (name: keyof typeof DEFAULTS, kind: HeavyKind) => options[name]?.[kind] ?? DEFAULTS[name][kind];
  const slots = {
    transfer: new Slots(setting('running', 'transfer'), setting('waiting', 'transfer')),
    read: new Slots(setting('running', 'read'), setting('waiting', 'read')),
  };
  const inFlight = { transfer: new Map<number, number>(), read: new Map<number, number>() };

  const ration = (kind: HeavyKind) => async (request: FastifyRequest, reply: FastifyReply) => {
    const mine = inFlight[kind];
    const userId = request.userId;
    const count = mine.get(userId) ?? 0;
    if (count >= setting('perLearner', kind)) throw new ApiHttpError(429, 'RATE_LIMITED', REFUSED[kind], retry);
    mine.set(userId, count + 1);
    let release: (() => void) | null = null;
    let closed = false;
    // 'close' follows the whole answer (a streamed export included) or the client going away.
    reply.raw.once('close', () => {
      closed = true;
      release?.();
      const left = (mine.get(userId) ?? 1) - 1;
      if (left > 0) mine.set(userId, left);
      else mine.delete(userId);
    });
    release = await slots[kind].take(request.deadline);
    if (closed) release?.();
    if (!release) {
      throw new ApiHttpError(503, 'SERVICE_UNAVAILABLE', 'The server is busy with other learners\' imports and reports; please try again in a few seconds.', retry);
    }
  };

  // Routes registered after this plugin (every route of the app) get the hook when their config asks for it.
  app.addHook('onRoute', (route) => {
    const kind = route.config?.heavy;
    if (kind === undefined) return;
    const own = route.preParsing === undefined ? [] : Array.isArray(route.preParsing) ? route.preParsing : [route.preParsing];
    route.preParsing = [...own, ration(kind)];
  });
}
