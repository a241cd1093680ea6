/** Refuses, before any route runs, a text holding a character no field may hold (domain/textHygiene). */
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '@common/apiPaths';
import { unsafeTextField } from '../domain/textHygiene';
import { ApiHttpError } from './errors';

/**
 * Left to their own rules: an imported file's text (the importer reads it line by line and names
 * its problems itself) and a password (never stored or shown as text, only hashed; refusing a
 * character now could lock out a learner who chose it).
 */
const IMPORT_FILE_TEXT = new Set(['content']);
const PASSWORD = new Set(['password']);
const IMPORT_ROUTE = `/api${API_PATHS.import}`;

export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const skip = request.routeOptions.url === IMPORT_ROUTE ? IMPORT_FILE_TEXT : PASSWORD;
    const field = unsafeTextField(request.query, '') ?? unsafeTextField(request.params, '') ?? unsafeTextField(request.body, '', skip);
    if (field) throw new ApiHttpError(400, 'INVALID_INPUT', `Field "${field}" contains a control or bidirectional character.`);
  });
}
