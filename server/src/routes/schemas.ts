/**
 * The OpenAPI side of the route schemas that only the server needs: error answers and the
 * security requirement. Request and answer shapes live in common/schemas/, error codes in
 * common/schemas/errors.ts (each with its status), from which every error answer here is derived.
 */
import { API_ERROR_CODES, API_ERRORS, errorSchema, type ApiErrorCode } from '@common/schemas/errors';

/** A status (every code sent with it) or one code. */
type ErrorSpec = number | ApiErrorCode;

/** The error answer of one status: `error` narrowed to the codes given, each described. */
function errorAnswer(codes: ApiErrorCode[]) {
  return {
    ...errorSchema,
    properties: { ...errorSchema.properties, error: { ...errorSchema.properties.error, enum: codes } },
    description: codes.map((code) => `${code}: ${API_ERRORS[code].description}`).join('; '),
  };
}

function errorResponses(specs: ErrorSpec[]): Record<number, ReturnType<typeof errorAnswer>> {
  const codes = API_ERROR_CODES.filter((code) => specs.includes(code) || specs.includes(API_ERRORS[code].status));
  const statuses = [...new Set(codes.map((code) => API_ERRORS[code].status))];
  return Object.fromEntries(statuses.map((status) => [status, errorAnswer(codes.filter((code) => API_ERRORS[code].status === status))]));
}

/** Error answers of a read under /api/user. */
export const readErrors = (...extra: ErrorSpec[]) => errorResponses([400, 'UNAUTHENTICATED', 500, 503, ...extra]);
/** Error answers of a write under /api/user (body, origin and media-type checks apply). */
export const writeErrors = (...extra: ErrorSpec[]) => errorResponses([400, 'UNAUTHENTICATED', 403, 413, 415, 500, 503, ...extra]);
/**
 * Error answers of a public call. Every call may answer 503 SERVICE_UNAVAILABLE: the request
 * deadline passed or the database does not answer (plugins/availability.ts).
 */
export const publicErrors = (...extra: ErrorSpec[]) => errorResponses([500, 503, ...extra]);

/** The rationing and deadline of import and export (plugins/heavyCalls.ts), as their descriptions state it. */
export const HEAVY_CALL_RULE =
  'One import or export of a learner runs at a time: another one meanwhile is 429 RATE_LIMITED with Retry-After. One import ' +
  'or export of all learners runs at a time and a small queue waits for it; when it is full the answer is 503 ' +
  'SERVICE_UNAVAILABLE with Retry-After. An import that passes its deadline (10 s from the request) is stopped and rolled back: ' +
  'a 503 means nothing was imported, a 200 that all of it was.';

/** The OpenAPI security requirement of every call that needs the session cookie. */
export const security = [{ session: [] }];

