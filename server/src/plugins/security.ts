/**
 * Browser-facing protections: CORS with credentials for the configured origins (and, for the
 * cookie-free token calls under /api/user, without them for any origin), security headers, and the
 * CSRF defences for state-changing calls (JSON-only bodies, Origin must be ours or allowed, and
 * the browser's Fetch Metadata: a call it marks `cross-site` or `same-site` must come from an
 * allowed Origin, so a sibling subdomain or a request without Origin cannot change anything).
 * Cookies are SameSite as well, but these checks do not depend on the browser honouring it. A
 * bearer call is exempt from the Origin checks: it never reads the cookie, whatever it carries.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { usesBearer } from './accessTokens';
import { registerCors } from './cors';
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
  // 'wasm-unsafe-eval': the Anki import compiles SQLite's WebAssembly on the device (issue #52); it allows no eval of scripts.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
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

function checkMediaType(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (hasBody(request) && !isJson(request.headers['content-type'])) {
    return sendError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.');
  }
  return undefined;
}

export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const allowed = new Set(options.corsOrigins);

  // A configured origin: cookie calls, with credentials; any origin under /api/user: token calls,
  // without them (plugins/cors.ts).
  registerCors(app, allowed);

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

