/**
 * Helmet's security headers, computed once at start-up and set on every answer. @fastify/helmet
 * calls helmet(options) on every request, which re-parses the CSP and rebuilds the middleware
 * chain each time: about a tenth of a cheap read's CPU (docs/PERFORMANCE.md, issue #10). With
 * options that do not depend on the request, the headers are the same for every request, so the
 * same helmet call is made once on a recording response and its headers replayed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets for these options; throws on options whose value depends on the request. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' && csp !== null ? Object.values(csp.directives ?? {}) : [];
  if (directives.some((value) => typeof value === 'function' || (Array.isArray(value) && value.some((v) => typeof v === 'function')))) {
    throw new Error('a CSP directive computed per request (nonce) cannot be precomputed');
  }
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Sets helmet's headers on every answer (routes, 404s and errors alike), as @fastify/helmet did;
 * an answer under `noStorePrefix` (the API's) is also `Cache-Control: no-store`. One hook, set
 * before any route runs, so an error's answer carries them too.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions, noStorePrefix: string): void {
  const headers = helmetHeaders(options);
  const noStore = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(noStorePrefix) ? noStore : headers);
    done();
  });
}
