/**
 * Refuses, before any route runs, a text holding a character no field may hold, a lone surrogate
 * anywhere, and an invisible character in an email (domain/textHygiene), naming the field.
 */
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '@common/apiPaths';
import { textProblem } from '../domain/textHygiene';
import { ApiHttpError } from '../domain/errors';

/**
 * Left to their own rules, held only to well-formed Unicode: an imported file's text (the
 * importer reads it line by line and names its problems itself) and a password (never stored or
 * shown as text, only hashed; refusing a character now could lock out a learner who chose it).
 */
const IMPORT_FILE_TEXT = new Set(['content']);
const PASSWORD = new Set(['password']);
const IMPORT_ROUTE = `/api${API_PATHS.import}`;

export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const lenient = request.routeOptions.url === IMPORT_ROUTE ? IMPORT_FILE_TEXT : PASSWORD;
    const problem = textProblem(request.query) ?? textProblem(request.params) ?? textProblem(request.body, lenient);
    if (problem) throw new ApiHttpError(400, 'INVALID_INPUT', `${problem.field ? `Field "${problem.field}"` : 'The request body'} ${problem.message}`);
  });
}
