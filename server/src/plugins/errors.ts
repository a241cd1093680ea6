/**
 * Every error answer is {error, message}. The domain and routes throw ApiHttpError (domain/errors.ts);
 * Fastify's own errors (validation, body parsing, size) are translated here; anything unexpected
 * becomes a generic 500 so no stack trace or internal detail ever leaves the server.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ApiErrorCode } from '@common/schemas/errors';
import { isDatabaseUnavailable } from '../db/unavailable';
import { ApiHttpError, errorBody } from '../domain/errors';
import type { SpaFallback } from './spa';

export function sendError(reply: FastifyReply, statusCode: number, code: ApiErrorCode, message: string): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(errorBody(code, message));
}

/** Seconds a client waits before retrying a 503. */
export const RETRY_AFTER_SECONDS = '5';

export function sendUnavailable(reply: FastifyReply) {
  reply.header('retry-after', RETRY_AFTER_SECONDS);
  return sendError(reply, 503, 'SERVICE_UNAVAILABLE', 'The service is briefly unavailable. Please try again in a few seconds.');
}

export interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Turns the first schema violation into a sentence an API client (or learner) can act on. */
export function validationMessage(errors: AjvError[], context: string | undefined): string {
  const e = errors[0];
  if (!e) return 'The request is not valid.';
  const where = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = where ? `"${where}"` : context === 'querystring' ? 'The query' : 'The request body';
  switch (e.keyword) {
    case 'additionalProperties':
      return `Unknown field "${[where, e.params.additionalProperty].filter(Boolean).join('.')}".`;
    case 'required':
      return `Missing field "${[where, e.params.missingProperty].filter(Boolean).join('.')}".`;
    case 'type':
      return `${where ? `Field ${field}` : field} must be ${e.params.type === 'object' ? 'a JSON object' : `of type ${e.params.type}`}.`;
    case 'pattern':
    case 'format':
      return where === 'date' || where === 'today' ? `Field ${field} must be a date written YYYY-MM-DD.` : `Field ${field} is not in the expected format.`;
    default:
      return `Field ${field} ${e.message ?? 'is not valid'}.`;
  }
}

const FASTIFY_CODES: Record<string, [number, ApiErrorCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'INVALID_INPUT', 'The request body length does not match its Content-Length.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'INVALID_INPUT', 'The request body is empty.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'INVALID_INPUT', 'The request body is not valid JSON.'],
};

export function registerErrors(app: FastifyInstance, spaFallback: SpaFallback): void {
  // The JSON parser (plugins/jsonBody.ts) refuses __proto__/constructor.prototype keys by name;
  // its other parse errors are among FASTIFY_CODES.
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ApiHttpError) {
      reply.headers(err.headers);
      return sendError(reply, err.statusCode, err.code, err.message);
    }
    if (err.validation) {
      return sendError(reply, 400, 'INVALID_INPUT', validationMessage(err.validation as AjvError[], err.validationContext));
    }
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return sendError(reply, ...known);
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return sendError(reply, err.statusCode, 'INVALID_INPUT', 'The request is not valid.');
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return sendUnavailable(reply);
    }
    request.log.error({ err }, 'unhandled error');
    return sendError(reply, 500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again later.');
  });

  app.setNotFoundHandler(
    (request, reply) =>
      spaFallback(request, reply) ?? sendError(reply, 404, 'NOT_FOUND', `There is no ${request.method} ${request.url.split('?')[0]} here.`),
  );
}
