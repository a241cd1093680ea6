/**
 * The domain's own errors: a broken rule is an ApiHttpError carrying the status and code the
 * contract gives it (common/schemas/errors.ts). plugins/errors.ts turns it into the answer.
 */
import type { API_ERRORS, ApiErrorCode } from '@common/schemas/errors';

/** A status and a code that API_ERRORS sends with it: `new ApiHttpError(409, 'FUTURE_DATE', …)` fails tsc. */
type StatusAndCode = { [C in ApiErrorCode]: [statusCode: (typeof API_ERRORS)[C]['status'], code: C] }[ApiErrorCode];

export class ApiHttpError extends Error {
  readonly statusCode: number;
  readonly code: ApiErrorCode;
  readonly headers: Record<string, string>;

  constructor(...[statusCode, code, message, headers = {}]: [...StatusAndCode, message: string, headers?: Record<string, string>]) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
  }
}

/** An error answer's body, exactly as plugins/errors.ts sends it (a keyed add stores it byte for byte). */
export const errorBody = (code: ApiErrorCode, message: string): string => JSON.stringify({ error: code, message });

/** A wait of `ms` as a Retry-After header's seconds: whole seconds, rounded up, never below 1 (a client never retries too early). */
export const retryAfterSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));
