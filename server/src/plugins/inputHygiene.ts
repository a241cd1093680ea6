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

export function registerInputHygiene(app: FastifyInstance): void {
  // In callback style: a request with nothing wrong goes on without a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    const lenient = request.routeOptions.config?.lenientText ?? PASSWORD;
    const problem = textProblem(request.query) ?? textProblem(request.params) ?? textProblem(request.body, lenient);
    if (!problem) return done();
    done(new ApiHttpError(400, 'INVALID_INPUT', `${problem.field ? `Field "${problem.field}"` : 'The request body'} ${problem.message}`));
  });
}
