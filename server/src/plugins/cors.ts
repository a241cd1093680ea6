/**
 * CORS in two regimes (contract, fourth edition), decided per request from what the request carries,
 * with each regime's headers written once at start-up (issue #40: @fastify/cors with a delegator
 * built and merged its options twice on every request, 3-4 % of a session check's CPU):
 * - a configured origin (CORS_ORIGINS): cookie calls, with credentials, the origin echoed;
 * - any origin, under /api/user only: token calls (`Authorization: Bearer`), which carry no cookie,
 *   so `*` without credentials (a browser never exposes to a page an answer to a call that sent
 *   cookies); a token call gets it whatever its origin, a configured one included, or none.
 * A preflight carries no Authorization, so for it the path decides: under /api/user any origin may
 * ask, elsewhere only a configured one. What is answered, header for header and in the same order,
 * is what @fastify/cors 11 answered with the delegator this file replaces (`Vary: Origin` on every
 * answer, a strict preflight: 400 without Origin or Access-Control-Request-Method, else 204), so no
 * client sees a difference; only a request with an Origin or an Authorization header, or a
 * preflight, does more than set `Vary`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BEARER_SCHEME, USER_PREFIX } from './accessTokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the CORS hook when it accepted this OPTIONS request as a preflight. */
    corsPreflightAccepted: boolean;
  }
}

const EXPOSED_HEADERS = 'Idempotent-Replayed, Retry-After';
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const MAX_AGE_SECONDS = '600';
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key'];
const ALLOWED_LOWER = new Set(ALLOWED_HEADERS.map((name) => name.toLowerCase()));

/** A token call's answer, from any origin (or none). */
const ANY_ORIGIN = { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED_HEADERS } as const;

/**
 * The headers a preflight allows: ours, plus each allowed one as the preflight spelled it when it
 * spelled it otherwise (names are case-insensitive, but a client reading the answer may not be).
 */
function allowedHeadersFor(request: FastifyRequest): string {
  const asked = request.headers['access-control-request-headers'];
  if (typeof asked !== 'string') return ALLOWED_HEADERS.join(', ');
  const spelled = asked
    .split(',')
    .map((name) => name.trim())
    .filter((name) => ALLOWED_LOWER.has(name.toLowerCase()) && !ALLOWED_HEADERS.includes(name));
  return [...ALLOWED_HEADERS, ...new Set(spelled)].join(', ');
}

const USER_PATH = /^\/api\/user[/?]/;
const isUserPath = (url: string) => url === USER_PREFIX || USER_PATH.test(url);

/** Adds `Origin` to the answer's Vary, as @fastify/cors did (nothing sets Vary before this hook). */
function varyOnOrigin(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined || vary === '') {
    reply.header('vary', 'Origin');
    return;
  }
  const list = Array.isArray(vary) ? vary.join(', ') : String(vary);
  if (list === '*') return;
  const names = list.toLowerCase().split(',').map((name) => name.trim());
  if (names.includes('*')) reply.header('vary', '*');
  else if (!names.includes('origin')) reply.header('vary', `${list}, Origin`);
}

export function registerCors(app: FastifyInstance, allowed: ReadonlySet<string>): void {
  app.decorateRequest('corsPreflightAccepted', false);

  // Every request (a 404's and an error's answer carry the same headers), in callback style.
  app.addHook('onRequest', (request, reply, done) => {
    varyOnOrigin(reply);
    const origin = request.headers.origin;
    const authorization = request.headers.authorization;
    const preflight = request.method === 'OPTIONS';
    if (origin === undefined && authorization === undefined && !preflight) return done();
    const tokenCall = authorization !== undefined && BEARER_SCHEME.test(authorization) && isUserPath(request.url);
    if (!tokenCall && origin !== undefined && allowed.has(origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    } else if (tokenCall || (preflight && isUserPath(request.url))) {
      reply.headers(ANY_ORIGIN);
    } else {
      return done();
    }
    if (!preflight) return done();
    if (!origin || !request.headers['access-control-request-method']) {
      reply.status(400).type('text/plain').send('Invalid Preflight Request');
      return;
    }
    request.corsPreflightAccepted = true;
    reply.header('access-control-allow-methods', ALLOWED_METHODS);
    reply.header('access-control-allow-headers', allowedHeadersFor(request));
    reply.header('access-control-max-age', MAX_AGE_SECONDS);
    // Some browsers wait for a body on a 204 without Content-Length.
    reply.code(204).header('content-length', '0').send();
  });

  // Lets Fastify accept a preflight to any path; one this hook did not accept is any other 404.
  app.options('*', { schema: { hide: true } }, (request, reply) => {
    if (!request.corsPreflightAccepted) {
      reply.callNotFound();
      return;
    }
    reply.send();
  });
}
