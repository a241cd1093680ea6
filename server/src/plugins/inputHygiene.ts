/**
 * Refuses, before any route runs, a text holding a character no field may hold, a lone surrogate
 * anywhere, and an invisible character in an email (domain/textHygiene), naming the field.
 * Every request runs it (any call may be sent a query or a body), before the session check, so
 * such a body is 400 signed in or not; a route names in its config the top-level body fields
 * left to their own rules (`lenientText`).
 */
import type { FastifyInstance } from 'fastify';
import { ApiHttpError } from '../domain/errors';
import { textProblem } from '../domain/textHygiene';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Top-level body fields held only to well-formed Unicode, left to their own rules (an
     * imported file's text, which the importer reads line by line and names the problems of
     * itself). When not set: `password`, never stored or shown as text, only hashed (refusing
     * a character now could lock out a learner who chose it).
     */
    lenientText?: ReadonlySet<string>;
  }
}

const PASSWORD: ReadonlySet<string> = new Set(['password']);
const NONE: ReadonlySet<string> = new Set();

/**
 * Whether a query, the params or a body may hold a text at all (issue #40: most reads have none of
 * them): anything but nothing and an object without an enumerable key, which textProblem would pass.
 */
function mayHoldText(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'object') return true;
  for (const _key in value) return true;
  return false;
}

export function registerInputHygiene(app: FastifyInstance): void {
  // In callback style: a request with nothing wrong goes on without a promise. The route's config is
  // read only for a body, the one it concerns.
  app.addHook('preValidation', (request, _reply, done) => {
    const { query, params, body } = request;
    const problem =
      (mayHoldText(query) ? textProblem(query, NONE) : null) ??
      (mayHoldText(params) ? textProblem(params, NONE) : null) ??
      (mayHoldText(body) ? textProblem(body, request.routeOptions.config?.lenientText ?? PASSWORD) : null);
    if (!problem) return done();
    done(new ApiHttpError(400, 'INVALID_INPUT', `${problem.field ? `Field "${problem.field}"` : 'The request body'} ${problem.message}`));
  });
}
