/** HTTP helpers the routes share: a body refused, the email made canonical, the request's hashing. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canonicalEmail, type Attempt, type Passwords } from '../domain/accounts';
import { ApiHttpError } from '../domain/errors';
import { hashPassword, isCommonPassword, verifyPassword, type ScryptRunner } from './password';

/** For calls without a body: a body sent anyway is a client mistake worth reporting. */
export async function rejectBody(request: FastifyRequest): Promise<void> {
  if (request.body !== undefined) throw new ApiHttpError(400, 'INVALID_INPUT', 'This call takes no request body.');
}

/** A preValidation hook: the body's `email` in its canonical form (domain/accounts.ts). Runs before validation, so the body may be anything. */
export async function normaliseEmail(request: FastifyRequest): Promise<void> {
  const body: unknown = request.body;
  if (body && typeof body === 'object' && 'email' in body && typeof body.email === 'string') body.email = canonicalEmail(body.email);
}

/** The request's hashing: its place in the hash queue, the server's cost and dummy hash, and the common-password list. */
export function passwordsFor(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Passwords {
  // Made at the first hash: a call refused before it never waits in the queue.
  let runner: ScryptRunner | undefined;
  const run: ScryptRunner = (password, salt, options) => (runner ??= app.hashQueue.forRequest(request, reply))(password, salt, options);
  return {
    hash: (password) => hashPassword(password, app.auth.hashCost, run),
    verify: (password, stored) => verifyPassword(password, stored, run),
    isCommon: isCommonPassword,
    dummyHash: app.auth.dummyHash,
  };
}

/** Who makes the attempt: `email`, the request's client address and the server's clock. */
export const attemptOf = (app: FastifyInstance, request: FastifyRequest, email: string): Attempt => ({ email, ip: request.ip, nowMs: app.now().getTime() });
