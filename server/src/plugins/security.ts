/**
 * Browser-facing protections: CORS with credentials for the configured origins (and, for the
 * cookie-free token calls under /api/user, without them for any origin), security headers, and the
 * CSRF defences for state-changing calls (JSON-only bodies, Origin must be ours or allowed, and
 * the browser's Fetch Metadata: a call it marks `cross-site` or `same-site` must come from an
 * allowed Origin, so a sibling subdomain or a request without Origin cannot change anything).
 * Cookies are SameSite as well, but these checks do not depend on the browser honouring it. A
 * bearer call is exempt from the Origin checks: it never reads the cookie, whatever it carries.
 */
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { USER_PREFIX, usesBearer } from './accessTokens';
import { sendError } from './errors';
import { registerSecurityHeaders } from './securityHeaders';

export interface SecurityOptions {
  corsOrigins: string[];
  production: boolean;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The SPA's CSP. No upgrade-insecure-requests: over plain http off localhost it blanks the page. */
const SPA_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // styled-components injects <style> elements at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
};

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

function isJson(contentType: string | undefined): boolean {
  return contentType !== undefined && /^application\/json\s*(;|$)/i.test(contentType.trim());
}

const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key'];
const ALLOWED_LOWER = new Set(ALLOWED_HEADERS.map((name) => name.toLowerCase()));

/**
 * The headers a preflight allows: ours, plus each allowed one as the preflight spelled it when it
 * spelled it otherwise (names are case-insensitive, but a client reading the answer may not be).
 */
function allowedHeadersFor(request: FastifyRequest): string[] {
  const asked = request.headers['access-control-request-headers'];
  if (typeof asked !== 'string') return ALLOWED_HEADERS;
  const spelled = asked
    .split(',')
    .map((name) => name.trim())
    .filter((name) => ALLOWED_LOWER.has(name.toLowerCase()) && !ALLOWED_HEADERS.includes(name));
  return [...ALLOWED_HEADERS, ...new Set(spelled)];
}

const hasBearer = (request: FastifyRequest) => /^bearer\s/i.test(request.headers.authorization ?? '');

const isUserPath = (url: string) => url === USER_PREFIX || /^\/api\/user[/?]/.test(url);

function checkMediaType(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (hasBody(request) && !isJson(request.headers['content-type'])) {
    return sendError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.');
  }
  return undefined;
}

export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const allowed = new Set(options.corsOrigins);

  const shared = (request: FastifyRequest) => ({
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: allowedHeadersFor(request),
    exposedHeaders: ['Idempotent-Replayed', 'Retry-After'],
    maxAge: 600,
  });
  // A configured origin: cookie calls, with credentials. Any other origin, under /api/user only:
  // token calls, which carry no cookie, so `*` without credentials (a browser then never exposes
  // an answer to a call that sent cookies). A preflight carries no Authorization, so the path decides;
  // an answer, whether the call names a token (a cookie call from another origin gets no CORS header;
  // a token call gets `*` without credentials whatever its origin, a configured one included).
  await app.register(cors, {
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      const tokenCall = isUserPath(request.url) && hasBearer(request);
      if (!tokenCall && origin !== undefined && allowed.has(origin)) callback(null, { ...shared(request), origin, credentials: true });
      else if (tokenCall || (isUserPath(request.url) && request.method === 'OPTIONS')) callback(null, { ...shared(request), origin: '*', credentials: false });
      else callback(null, { origin: false });
    },
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: { useDefaults: false, directives: SPA_CSP_DIRECTIVES },
    // HSTS only where the site is served over HTTPS; on plain http it would lock browsers out.
    strictTransportSecurity: options.production ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  }, '/api');

  // Every request, for a write to no route is refused as a route's would be; a read leaves at once,
  // without a promise (a hook in callback style).
  app.addHook('onRequest', (request, reply, done) => {
    if (!STATE_CHANGING.has(request.method)) return done();
    // A bearer call under /api/user never reads the cookie (plugins/accessTokens.ts): there is
    // nothing a forged request could borrow, so any origin may make it.
    if (!usesBearer(request) && fromForeignSite(request)) {
      sendError(reply, 403, 'FORBIDDEN_ORIGIN', 'Requests from this site are not allowed.');
      return;
    }
    if (checkMediaType(request, reply) === undefined) done();
  });

  function fromForeignSite(request: FastifyRequest): boolean {
    const origin = request.headers.origin;
    const allowedOrigin = origin !== undefined && allowed.has(origin);
    const foreignOrigin = origin !== undefined && origin !== `${request.protocol}://${request.host}` && !allowedOrigin;
    // The browser says the call comes from another site (a sibling subdomain counts): only an allowed Origin may.
    const site = request.headers['sec-fetch-site'];
    const otherSite = (site === 'cross-site' || site === 'same-site') && !allowedOrigin;
    return foreignOrigin || otherSite;
  }
}

