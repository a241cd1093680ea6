/**
 * OpenAPI generated from the route schemas: JSON at /api/docs/json, Swagger UI at /api/docs.
 * The product decisions the contract leaves open are written into the descriptions here and
 * on each route, so the published document is the reference for API clients.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

const DESCRIPTION = `API of the LinguaLog language-learning progress tracker.

* JSON in, JSON out. Every error answer is \`{"error": CODE, "message": text}\`; unknown JSON fields are rejected with 400 INVALID_INPUT.
* Requests no one can make expensive: a JSON body nested deeper than 64 levels (arrays and objects together), on any call, signed in or not, is 400 INVALID_INPUT, found before the body is parsed, and so is a body holding more than 10,000 values (no call takes that many, but the import of days: 120,100); a body past a call's size limit (16 KiB, 5 MiB for an import) is 413 PAYLOAD_TOO_LARGE. Every string, keys included, must be well-formed Unicode: a lone surrogate (e.g. the escape \`\\ud800\` alone) is 400 INVALID_INPUT naming the field. An email holds no control, bidirectional or invisible (format, Cf: U+200B–U+200F, U+2060, U+FEFF, the soft hyphen…) character: 400 INVALID_INPUT at sign-up and at sign-in alike.
* The session is an HttpOnly cookie \`sid\` set by register and login. Every \`/api/user\` call answers 401 UNAUTHENTICATED without a valid session. Sessions end after 30 idle days or 90 days in all.
* State-changing calls (POST, PATCH, DELETE) that carry a body must send \`Content-Type: application/json\` (else 415), and a browser Origin must be this server or a configured CORS origin (else 403 FORBIDDEN_ORIGIN).
* Data (activity, goal, previous hours, milestones) belongs to one user and one language: the current language, unless a \`language\` query names another. Reads before any language is chosen answer the defaults or empty lists; writes that need a language answer 409 NO_LANGUAGE. Reading a valid language the user never picked answers that language's defaults (the settings screen previews it); an unknown name is 400 UNKNOWN_LANGUAGE.
* Dates are \`YYYY-MM-DD\` in the learner's own time zone. A date counts as "today" when it is within one day of the server's UTC date (time zones run from UTC-12 to UTC+14); a later date is 400 FUTURE_DATE.
* Sign-in and sign-up are rate limited per IP address and per email address (429 RATE_LIMITED with Retry-After).
* Tools log with a personal access token instead of the cookie: \`Authorization: Bearer lingualog_pat_...\` on a call under \`/api/user\` is the token's learner, whatever cookie comes with it (another Authorization scheme, such as a proxy's Basic, is ignored). A \`read\` token may make every GET under \`/api/user\` except the tokens; a \`log\` token also adds and edits minutes (POST and PATCH \`/api/user/daily-activity\`) and runs the timer. Anything else is 403 TOKEN_SCOPE; an unknown, revoked, expired or malformed token is 401 UNAUTHENTICATED. At most 120 calls a minute per token (429 RATE_LIMITED with Retry-After), counted in a fixed window that starts with the first call and shared by every server process (each claims a token's calls in batches of up to 16, so a token whose calls move to another process within a minute may be refused up to 15 calls before 120 that minute, never after); a call refused for its scope is not counted. Token calls may come from any origin (CORS without credentials); never put a token in a URL. Retry an add with the same \`Idempotency-Key\`.`;

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'LinguaLog API', version: '1.0.0', description: DESCRIPTION },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sid' },
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal access token (`lingualog_pat_...`) made in Settings or with POST /api/user/tokens, sent as `Authorization: Bearer <token>`. ' +
              'Each call under /api/user states what a token may do (its description and `x-token-scope`: `read`, `log`, or null for session only).',
          },
        },
      },
      tags: [
        { name: 'auth', description: 'Sign-up, sign-in and sessions' },
        { name: 'languages', description: 'Languages and the current language' },
        { name: 'settings', description: 'Daily goal, previous hours and level milestones, per language' },
        { name: 'activity', description: 'Minutes logged per day and skill' },
        { name: 'progress', description: 'Totals, level and account' },
        { name: 'reminder', description: 'The daily reminder (Web Push): the VAPID key, the setting and the devices it reaches' },
        { name: 'tokens', description: 'Personal access tokens for tools (session only)' },
        { name: 'operations', description: 'For the proxy and deploy scripts in front of the processes' },
      ],
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI ships no inline scripts; it only needs inline styles, like the SPA.
    staticCSP:
      "default-src 'self'; base-uri 'self'; connect-src 'self'; img-src 'self' data:; object-src 'none'; " +
      "script-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; form-action 'self'",
  });
}
