/**
 * The API's error codes, once: each with the HTTP status it is sent with and the description the
 * OpenAPI document gives it. The server's error plugin, the route schemas and the SPA's error
 * mapping all read this table, so a code cannot exist in one place and be missing in another.
 */
import type { FromSchema } from 'json-schema-to-ts';

export const API_ERRORS = {
  INVALID_INPUT: { status: 400, description: 'The request is not valid (a field, a date or a rule of the contract)' },
  EMAIL_EXISTS: { status: 409, description: 'The email is already registered' },
  COMMON_PASSWORD: { status: 400, description: 'The password is one of the most common passwords' },
  INVALID_CREDENTIALS: { status: 401, description: 'Wrong email or password' },
  UNAUTHENTICATED: { status: 401, description: 'No valid session' },
  RATE_LIMITED: { status: 429, description: 'Too many attempts; see Retry-After' },
  FORBIDDEN_ORIGIN: { status: 403, description: 'The request came from an origin that may not change data' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, description: 'The body is not application/json' },
  PAYLOAD_TOO_LARGE: { status: 413, description: 'The body is too large' },
  HEADERS_TOO_LARGE: { status: 431, description: 'The request headers are too large' },
  REQUEST_TIMEOUT: { status: 408, description: 'The request did not arrive in time' },
  UNKNOWN_LANGUAGE: { status: 400, description: 'Not a language we offer' },
  NO_LANGUAGE: { status: 409, description: 'No language chosen yet' },
  FUTURE_DATE: { status: 400, description: 'The date has not started anywhere yet' },
  DAILY_TIME_EXCEEDED: { status: 400, description: 'One skill would hold more than its daily limit' },
  TOTAL_DAILY_TIME_EXCEEDED: { status: 400, description: 'The four skills would hold more than a day' },
  INVALID_MILESTONES: { status: 400, description: 'Milestones not strictly increasing or out of bounds' },
  INVALID_IMPORT: { status: 400, description: 'The imported file has problems (listed by line); nothing was changed' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, description: 'The Idempotency-Key was first used with a different request' },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, description: 'A request with this Idempotency-Key is still being processed; retry later' },
  TIMER_RUNNING: { status: 409, description: 'Another timer is running; it is in the body under `timer`' },
  // Contract, fourth edition.
  LANGUAGE_NOT_STARTED: { status: 409, description: 'A language we offer that the learner has never chosen' },
  TIMER_STOPPED: { status: 409, description: 'A timer with this id was stopped; a late retry never restarts it' },
  TOKEN_SCOPE: { status: 403, description: 'An access token may not make this call (its scope, or a call for the session only)' },
  TOO_MANY_TOKENS: { status: 409, description: 'The learner already holds the most access tokens allowed (20)' },
  INVALID_TOKEN: { status: 400, description: 'The password-reset token is unknown, used or expired' },
  NOT_FOUND: { status: 404, description: 'No such call' },
  INTERNAL_ERROR: { status: 500, description: 'Unexpected server error' },
  SERVICE_UNAVAILABLE: { status: 503, description: 'Busy or the database does not answer; see Retry-After when given' },
} as const;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** The codes in table order, as a tuple type so JSON-schema `enum` keeps the literal union. */
export const API_ERROR_CODES = Object.keys(API_ERRORS) as [ApiErrorCode, ...ApiErrorCode[]];

export const errorSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['error', 'message'],
  properties: { error: { type: 'string', enum: API_ERROR_CODES }, message: { type: 'string' } },
} as const;

export type ApiError = FromSchema<typeof errorSchema>;
