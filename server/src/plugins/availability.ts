/**
 * Answers 503 SERVICE_UNAVAILABLE (the API's error shape, with Retry-After) instead of hanging or
 * answering 500 when the server cannot do its work right now: a deadline on every request, and
 * the database errors that mean "not now" (PostgreSQL unreachable or timed out, SQLite busy or
 * its disk full). With PostgreSQL stopped, /api/auth/check used to wait 20 s and more.
 *
 * A heavy call (plugins/heavyCalls.ts) is not answered by the timer: its deadline aborts
 * `request.deadline`, the work stops at its next check (an import's transaction rolls back) and
 * the handler answers 503 itself, so the 503 always means that nothing changed.
 */
import type { FastifyInstance } from 'fastify';
import { ApiHttpError } from '../domain/errors';
import { RETRY_AFTER_SECONDS, sendError } from './errors';

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
/**
 * Sign-in and sign-up wait in the hash queue, whose bound already limits the wait; on a loaded
 * machine that wait can pass 10 s, and a late success beats a 503.
 */
export const HASHING_REQUEST_TIMEOUT_MS = 30_000;

/** The deadline of a call whose work never reads it: a signal that never aborts. */
const NEVER = new AbortController().signal;

const LATE_MESSAGE = 'The server could not answer in time. Please try again in a few seconds.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's own deadline, instead of the server's. */
    requestTimeoutMs?: number;
  }
  interface FastifyRequest {
    /** Aborted when a heavy call's deadline passes (its reason is the 503 to answer); never for other calls. */
    deadline: AbortSignal;
    /** When the deadline passes, in epoch milliseconds. */
    deadlineAt: number;
  }
}

export interface Deadlines {
  /** Every other request. */
  defaultMs: number;
  /** Import, export and stats (routes with `config.heavy`). */
  heavyMs: number;
}

/** Every request gets an answer within its deadline (or its route's own), whatever it waits for. */
export function registerDeadline(app: FastifyInstance, deadlines: Deadlines): void {
  app.decorateRequest('deadline', null as unknown as AbortSignal);
  app.decorateRequest('deadlineAt', 0);
  app.addHook('onRequest', (request, reply, done) => {
    const config = request.routeOptions.config;
    const heavy = config?.heavy !== undefined;
    const timeoutMs = config?.requestTimeoutMs ?? (heavy ? deadlines.heavyMs : deadlines.defaultMs);
    // Only a heavy call's work reads its deadline (issue #40: an AbortController for every request
    // was 2-3 % of a session check's CPU); the others share one that never aborts.
    const controller = heavy ? new AbortController() : null;
    request.deadline = controller?.signal ?? NEVER;
    request.deadlineAt = Date.now() + timeoutMs;
    const timer = setTimeout(() => {
      controller?.abort(new ApiHttpError(503, 'SERVICE_UNAVAILABLE', LATE_MESSAGE, { 'retry-after': RETRY_AFTER_SECONDS }));
      // A response already on its way (e.g. a file being streamed) cannot be replaced.
      if (heavy || reply.sent || reply.raw.headersSent) return;
      request.log.warn(`no answer within ${timeoutMs} ms; answering 503`);
      reply.header('retry-after', RETRY_AFTER_SECONDS);
      sendError(reply, 503, 'SERVICE_UNAVAILABLE', LATE_MESSAGE);
    }, timeoutMs);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
}
