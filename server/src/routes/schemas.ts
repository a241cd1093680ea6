/**
 * JSON schemas shared by the route files. Every object schema is closed
 * (additionalProperties: false) so a typo in a field name is a 400, never a silent no-op.
 */
import { ISO_DATE_PATTERN, SKILL_DAILY_FIELDS } from '@common/domain';
import type { ApiErrorCode } from '@common/api-types';

const ERROR_CODES: ApiErrorCode[] = [
  'INVALID_INPUT', 'EMAIL_EXISTS', 'INVALID_CREDENTIALS', 'UNAUTHENTICATED', 'RATE_LIMITED', 'FORBIDDEN_ORIGIN',
  'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'UNKNOWN_LANGUAGE', 'NO_LANGUAGE', 'FUTURE_DATE',
  'DAILY_TIME_EXCEEDED', 'TOTAL_DAILY_TIME_EXCEEDED', 'INVALID_MILESTONES', 'INVALID_IMPORT', 'NOT_FOUND', 'INTERNAL_ERROR',
];

export const errorSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['error', 'message'],
  properties: { error: { type: 'string', enum: ERROR_CODES }, message: { type: 'string' } },
} as const;

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad input (INVALID_INPUT or a more specific code)',
  401: 'Not signed in or wrong credentials',
  403: 'Origin not allowed (FORBIDDEN_ORIGIN)',
  409: 'Conflict',
  413: 'Body too large (PAYLOAD_TOO_LARGE)',
  415: 'Body is not application/json (UNSUPPORTED_MEDIA_TYPE)',
  429: 'Too many attempts (RATE_LIMITED), see Retry-After',
  500: 'Unexpected server error (INTERNAL_ERROR)',
};

function errorResponses(statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, { ...errorSchema, description: STATUS_TEXT[s] }]));
}

/** Error answers of a read under /api/user. */
export const readErrors = (...extra: number[]) => errorResponses([400, 401, 500, ...extra]);
/** Error answers of a write under /api/user (body, origin and media-type checks apply). */
export const writeErrors = (...extra: number[]) => errorResponses([400, 401, 403, 413, 415, 500, ...extra]);
/** Error answers of a public call. */
export const publicErrors = (...extra: number[]) => errorResponses([500, ...extra]);

/** The OpenAPI security requirement of every call that needs the session cookie. */
export const security = [{ session: [] }];

export const noContent = { type: 'null', description: 'No content' } as const;

export const dateSchema = { type: 'string', pattern: ISO_DATE_PATTERN, description: 'A calendar date, YYYY-MM-DD' } as const;

export const languageNameSchema = { type: 'string', minLength: 1, maxLength: 100 } as const;

export const languageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { language: { ...languageNameSchema, description: 'Another language than the current one' } },
} as const;

export const requiredLanguageQuery = { ...languageQuery, required: ['language'] } as const;

export const emptyQuery = { type: 'object', additionalProperties: false, properties: {} } as const;

export const skillProperties = (schema: object) => Object.fromEntries(SKILL_DAILY_FIELDS.map((f) => [f, schema]));

const skillMinutesProperties = skillProperties({ type: 'integer', minimum: 0 });

export const activityRecordSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['date', 'achieved', ...SKILL_DAILY_FIELDS],
  properties: { date: dateSchema, achieved: { type: 'boolean' }, ...skillMinutesProperties },
} as const;
