/**
 * Personal access tokens on the wire (contract, fourth edition). `Authorization: Bearer <token>`
 * on a call under /api/user is the token's learner, whatever cookie comes with it; what a token
 * may do is decided once per route, when it is registered (config.tokenAccess, derived from the
 * contract's rule unless the route sets it), so a route added later is session-only unless it is
 * a GET. Every call looks the token up in the database (one indexed read), so a revocation holds
 * across processes at once; its calls are counted in a counter every process shares, claimed in
 * leases (domain/tokenCallLimit.ts), so the per-minute limit holds across processes too.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { API_PATHS, type ApiPath } from '@common/apiPaths';
import { API_ERRORS, errorSchema } from '@common/schemas/errors';
import { ACCESS_TOKEN_PREFIX, TOKEN_CALLS_PER_MINUTE } from '@common/schemas/tokens';
import { countTokenCalls, findAccessToken, touchAccessToken } from '../db/accessTokens';
import { ApiHttpError } from '../domain/errors';
import { tokenCallLimit, type Admission } from '../domain/tokenCallLimit';

/** What a token may do on a route: `read` any token, `log` a log token, `none` no token (session only). */
export type TokenAccess = 'read' | 'log' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set for every route under /api/user (see tokenAccessFor); a route may set it itself. */
    tokenAccess?: TokenAccess;
    /**
     * For a route whose token access depends on its body (the import: a `log` token may merge days
     * only): whether a token's call with this body is within it. Such a call is counted and marks
     * the token used only once its body passed; a refused one writes nothing (403 TOKEN_SCOPE).
     */
    tokenBodyScope?: (body: unknown) => boolean;
  }
  interface FastifyRequest {
    /**
     * A bearer call's refusal (401, 403 TOKEN_SCOPE, 429) on a route under /api/user, which the
     * /api/user hook (app.ts) answers at once or, for a small body, once it is read, as it does a
     * signed-out call's 401: a body nested past 64 levels is 400 with a token or without.
     */
    tokenRefusal: Error | null;
    /** A token's call to a route with tokenBodyScope: its admission, made once the body passed. */
    tokenAdmission: (() => Promise<void>) | null;
    /** The id of the access token this request is answered for, null for a session's request. */
    accessTokenId: string | null;
  }
}

/** A path of common/apiPaths.ts as the server answers it, under /api. */
const served = (path: ApiPath | '/user' | '/auth') => `/api${path}`;
export const USER_PREFIX = served('/user');
/** Sign-in, sign-out and the session check: a token may make none of them (403 TOKEN_SCOPE). */
const AUTH_PREFIX = served('/auth');
const TOKENS = served(API_PATHS.tokens);
const DAILY_ACTIVITY = served(API_PATHS.dailyActivity);
const TIMER = served(API_PATHS.timer);
const MINUTE_MS = 60 * 1000;
/** 32 random bytes, base64url: 43 characters. */
const SECRET_BYTES = 32;
const TOKEN_SHAPE = new RegExp(`^${ACCESS_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
/**
 * `Authorization: Bearer …`, its value blank included (a blank token is refused as malformed, not
 * ignored). The scheme is case-insensitive (RFC 9110); another scheme (a proxy's Basic) is not a
 * token and is ignored. The CORS hook (cors.ts) tells a token's call by the same test.
 */
export const BEARER_SCHEME = /^bearer(\s|$)/i;
const BEARER = /^Bearer +(\S+) *$/i;

export const mintSecret = (): string => ACCESS_TOKEN_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

const isUnder = (url: string, path: string) => url === path || url.startsWith(`${path}/`);

/**
 * The contract's rule: every GET under /api/user except the tokens; with scope `log` also POST and
 * PATCH /api/user/daily-activity and the timer calls; nothing else.
 */
export function tokenAccessFor(method: string, url: string): TokenAccess {
  if (isUnder(url, TOKENS)) return 'none';
  if (method === 'GET' || method === 'HEAD') return 'read';
  if ((method === 'POST' || method === 'PATCH') && url === DAILY_ACTIVITY) return 'log';
  if (isUnder(url, TIMER)) return 'log';
  return 'none';
}

const ACCESS_TEXT: Record<TokenAccess, string> = {
  read: 'Access tokens: any token (scope `read` or `log`) may make this call.',
  log: 'Access tokens: a `log` token may make this call; a `read` token is 403 TOKEN_SCOPE.',
  none: 'Session only: a call with an access token is 403 TOKEN_SCOPE.',
};

interface ErrorAnswer {
  properties: { error: { enum?: readonly string[] } & Record<string, unknown> } & Record<string, unknown>;
  description?: string;
}

/** The route's error answer of a status with one more code (a new answer when it had none). */
function withCode(existing: unknown, code: keyof typeof API_ERRORS): unknown {
  const text = `${code}: ${API_ERRORS[code].description}`;
  if (!existing || typeof existing !== 'object') {
    return { ...errorSchema, properties: { ...errorSchema.properties, error: { ...errorSchema.properties.error, enum: [code] } }, description: text };
  }
  const answer = existing as ErrorAnswer;
  const codes = answer.properties.error.enum;
  if (codes?.includes(code)) return answer;
  return {
    ...answer,
    properties: { ...answer.properties, error: { ...answer.properties.error, ...(codes ? { enum: [...codes, code] } : {}) } },
    description: [answer.description, text].filter(Boolean).join('; '),
  };
}

/** The route's access, and its OpenAPI side: the security it accepts, the scope it needs, the token errors. */
function describeAccess(route: RouteOptions, access: TokenAccess): void {
  const schema = route.schema;
  if (!schema || typeof schema !== 'object') return;
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  response[403] = withCode(response[403], 'TOKEN_SCOPE');
  if (access !== 'none') response[429] = withCode(response[429], 'RATE_LIMITED');
  const description = [schema.description, ACCESS_TEXT[access]].filter(Boolean).join('\n\n');
  route.schema = {
    ...schema,
    description,
    response,
    security: access === 'none' ? [{ session: [] }] : [{ session: [] }, { bearerAuth: [] }],
    ['x-token-scope' as string]: access === 'none' ? null : access,
  };
}

export function registerTokenAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    if (isUnder(url, AUTH_PREFIX)) {
      route.config = { ...route.config, tokenAccess: 'none' };
      // Documented: a bearer token here is 403 TOKEN_SCOPE (the session check and sign-out included).
      if (route.schema && typeof route.schema === 'object' && route.method !== 'HEAD') {
        const response = { ...(route.schema.response as Record<string, unknown> | undefined) };
        response[403] = withCode(response[403], 'TOKEN_SCOPE');
        route.schema = { ...route.schema, response };
      }
      return;
    }
    if (!isUnder(url, USER_PREFIX)) return;
    const method = Array.isArray(route.method) ? route.method[0] : route.method;
    const access = route.config?.tokenAccess ?? tokenAccessFor(String(method), url);
    route.config = { ...route.config, tokenAccess: access };
    if (method !== 'HEAD') describeAccess(route, access);
  });
  // This process's leases of every token's calls (one per app: two apps in a process share nothing).
  const admit = tokenCallLimit({
    limit: TOKEN_CALLS_PER_MINUTE,
    windowMs: MINUTE_MS,
    claim: (id, calls, nowMs) => countTokenCalls(app.db, { id, calls, nowMs, windowMs: MINUTE_MS }),
  });
  // Before any route's own hooks and the session check of /api/user (requireUser skips the cookie
  // for these requests), hence on every request; one without a token goes on at once, without a promise.
  app.decorateRequest('tokenRefusal', null);
  app.decorateRequest('accessTokenId', null);
  app.decorateRequest('tokenAdmission', null);
  app.addHook('preHandler', async (request) => {
    const admission = request.tokenAdmission;
    if (!admission) return;
    request.tokenAdmission = null;
    if (!request.routeOptions.config.tokenBodyScope?.(request.body)) throw outOfScope('body');
    await admission();
  });
  app.addHook('onRequest', (request, _reply, done) => {
    if (!usesBearer(request)) return done();
    authenticateBearer(app, request, admit).then(
      () => done(),
      (err: Error) => {
        // Under /api/user the refusal is the /api/user hook's to answer (app.ts); elsewhere (/api/auth) it is answered now.
        if (!(err instanceof ApiHttpError) || request.routeOptions.config.tokenAccess === undefined || !isUnder(request.routeOptions.url ?? '', USER_PREFIX)) {
          return done(err);
        }
        request.tokenRefusal = err;
        done();
      },
    );
  });
}

/**
 * Whether this request is answered by its bearer token alone: its route is under /api/user or
 * /api/auth and it carries `Authorization: Bearer …`. Such a request never reads the cookie.
 */
export const usesBearer = (request: FastifyRequest): boolean =>
  // The header first: request.routeOptions builds a new object on every read, and most requests carry none.
  BEARER_SCHEME.test(request.headers.authorization ?? '') && request.routeOptions.config.tokenAccess !== undefined;

const unauthenticated = () => new ApiHttpError(401, 'UNAUTHENTICATED', 'The access token is unknown, revoked, expired or malformed.');

/**
 * Authenticates the request by its bearer token (401 unknown, revoked, expired or malformed; 403 when the
 * route is beyond its scope; 429 past the token's calls a minute) and fills request.userId and
 * request.account as the session does. A call refused by scope writes nothing and is not counted;
 * a refused call leaves lastUsedAt as it was.
 */
async function authenticateBearer(
  app: FastifyInstance,
  request: FastifyRequest,
  admit: (id: string, nowMs: number) => Admission | Promise<Admission>,
): Promise<void> {
  const secret = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (secret === undefined || !TOKEN_SHAPE.test(secret)) throw unauthenticated();
  const token = (await findAccessToken.run(app.db, { tokenHash: hashSecret(secret), nowMs: app.now().getTime() })).rows[0];
  if (!token) throw unauthenticated();
  const access = request.routeOptions.config.tokenAccess;
  if (access === 'none') throw outOfScope('none');
  if (access === 'log' && token.scope !== 'log') throw outOfScope('log');
  request.userId = Number(token.user_id);
  request.accessTokenId = token.id;
  request.account = { email: token.email, currentLanguage: token.current_language };
  const admission = () => admitCall(app, token, admit);
  if (request.routeOptions.config.tokenBodyScope) request.tokenAdmission = admission;
  else await admission();
}

function outOfScope(why: 'none' | 'log' | 'body'): ApiHttpError {
  const message = {
    none: 'An access token may not make this call: sign in to the app for it.',
    log: 'This access token may only read: make a "log" token to add time.',
    body: 'An access token may only merge days into your history: sign in to the app to replace it or to import a file.',
  }[why];
  return new ApiHttpError(403, 'TOKEN_SCOPE', message);
}

/** Counts the call against the token's calls a minute (429 past them) and marks the token used. */
async function admitCall(
  app: FastifyInstance,
  token: { id: string; last_used_at: unknown },
  admit: (id: string, nowMs: number) => Admission | Promise<Admission>,
): Promise<void> {
  const now = app.now().getTime();
  const admitted = admit(token.id, now);
  const admission = admitted instanceof Promise ? await admitted : admitted;
  if (!admission.allowed) {
    throw new ApiHttpError(
      429,
      'RATE_LIMITED',
      `This access token made more than ${TOKEN_CALLS_PER_MINUTE} calls this minute. Please wait ${admission.retryAfterS} seconds and try again.`,
      { 'retry-after': String(admission.retryAfterS) },
    );
  }
  const lastUsed = token.last_used_at === null ? null : Number(token.last_used_at);
  if (lastUsed === null || now - lastUsed >= MINUTE_MS) await touchAccessToken(app.db, token.id, now, MINUTE_MS);
}
