/** HTTP helpers the routes share. */
import type { FastifyRequest } from 'fastify';
import { ApiHttpError } from '../domain/errors';

/** For calls without a body: a body sent anyway is a client mistake worth reporting. */
export async function rejectBody(request: FastifyRequest): Promise<void> {
  if (request.body !== undefined) throw new ApiHttpError(400, 'INVALID_INPUT', 'This call takes no request body.');
}
