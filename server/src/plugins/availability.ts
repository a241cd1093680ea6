/**
 * Answers 503 SERVICE_UNAVAILABLE (the API's error shape, with Retry-After) instead of hanging or
 * answering 500 when the server cannot do its work right now: a deadline on every request, and
 * the database errors that mean "not now" (PostgreSQL unreachable or timed out, SQLite busy or
 * its disk full). With PostgreSQL stopped, /api/auth/check used to wait 20 s and more.
 */
import type { FastifyInstance } from 'fastify';
import { RETRY_AFTER_SECONDS, sendError } from './errors';

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
/**
 * Sign-in and sign-up wait in the hash queue, whose bound already limits the wait; on a loaded
 * machine that wait can pass 10 s, and a late success beats a 503.
 */
export const HASHING_REQUEST_TIMEOUT_MS = 30_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's own deadline, instead of the server's. */
    requestTimeoutMs?: number;
  }
}

/** Every request gets an answer within `timeoutMs` (or its route's own deadline), whatever it waits for. */
export function registerDeadline(app: FastifyInstance, defaultTimeoutMs: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const timeoutMs = request.routeOptions.config?.requestTimeoutMs ?? defaultTimeoutMs;
    const timer = setTimeout(() => {
      // A response already on its way (e.g. a file being streamed) cannot be replaced.
      if (reply.sent || reply.raw.headersSent) return;
      request.log.warn(`no answer within ${timeoutMs} ms; answering 503`);
      reply.header('retry-after', RETRY_AFTER_SECONDS);
      sendError(reply, 503, 'SERVICE_UNAVAILABLE', 'The server could not answer in time. Please try again in a few seconds.');
    }, timeoutMs);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
}
