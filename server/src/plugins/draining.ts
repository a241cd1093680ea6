/**
 * The first step of a graceful stop (server.ts): the process tells the proxy it is going while it
 * still serves. Debian's nginx has only passive health checks: it learns that a process is going
 * from the answers it gets, so every read is a probe. While draining, reads (and the health check)
 * answer 503 SERVICE_UNAVAILABLE: nginx sends a refused read to the other process untouched
 * (`proxy_next_upstream http_503`; a read changes nothing) and counts a failure (`max_fails=1`),
 * which takes this process out of its rotation. Writes are still served, because nginx never
 * resends a POST: by the time the listener closes, nginx has stopped sending here and no new
 * connection is left waiting in the accept queue to be reset. Every answer carries
 * `Connection: close`, so no client keeps an idle connection to a process that is leaving.
 */
import type { FastifyInstance } from 'fastify';
import { sendUnavailable } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once the process was asked to stop. */
    isDraining(): boolean;
    startDraining(): void;
  }
}

export function registerDraining(app: FastifyInstance): void {
  let draining = false;
  app.decorate('isDraining', () => draining);
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!draining) return done();
    reply.header('connection', 'close');
    if (request.method === 'GET' || request.method === 'HEAD') return sendUnavailable(reply);
    done();
  });
}
