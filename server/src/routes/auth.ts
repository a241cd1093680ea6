/**
 * Sign-up, sign-in, sign-out and the session check. Sign-up answers with the sign-up form's own
 * wording so the SPA and the API never disagree about what is wrong.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PATHS, underAuth } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { SIGN_UP_TEXTS } from '@common/domain';
import { credentialsSchema, emailAnswerSchema } from '@common/schemas/auth';
import { emptyQuery, noContent } from '@common/schemas/primitives';
import { signIn, signUp, type Account } from '../domain/accounts';
import { ApiHttpError } from '../domain/errors';
import { pruneSessions } from '../plugins/auth';
import { HASHING_REQUEST_TIMEOUT_MS } from '../plugins/availability';
import { validationMessage, type AjvError } from '../plugins/errors';
import { attemptOf, normaliseEmail, passwordsFor, rejectBody } from '../plugins/requests';
import { publicErrors, security } from './schemas';

const authErrors = (...extra: Parameters<typeof publicErrors>) => publicErrors('INVALID_INPUT', 403, 413, 415, 429, ...extra);

function checkValidation(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  const errors = (error as { validation?: AjvError[] }).validation ?? [];
  const unknownField = errors[0]?.keyword === 'additionalProperties';
  throw new ApiHttpError(400, 'INVALID_INPUT', unknownField ? validationMessage(errors, 'body') : SIGN_UP_TEXTS.EMPTY_CREDENTIALS);
}

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.post(underAuth(API_PATHS.authRegister), {
    attachValidation: true,
    preValidation: normaliseEmail,
    config: { requestTimeoutMs: HASHING_REQUEST_TIMEOUT_MS },
    schema: {
      tags: ['auth'],
      summary: 'Create an account and sign in',
      description:
        'Errors use the sign-up form\'s wording; a password among the most common ones is 400 COMMON_PASSWORD. An email holding a control, ' +
        'bidirectional or invisible (format, Cf) character, or any field holding a lone surrogate, is 400 INVALID_INPUT naming the field. The new user is signed in ' +
        '(cookie `__Host-sid` over HTTPS, `sid` in development over http). Rate limited per IP (per hour; an IPv6 client counted by its /64) and per email; 503 with Retry-After when too many sign-ins wait for hashing.',
      querystring: emptyQuery,
      body: credentialsSchema,
      response: { 201: { ...emailAnswerSchema, description: 'Created and signed in' }, ...authErrors('EMAIL_EXISTS') },
    },
    handler: async (request, reply) => {
      checkValidation(request);
      const { email, password } = request.body;
      const userId = await signUp(app.db, app.auth.rateLimit, passwordsFor(app, request, reply), attemptOf(app, request, email), password);
      await app.startSession(reply, userId);
      return reply.code(201).send({ email });
    },
  });

  app.post(underAuth(API_PATHS.authLogin), {
    attachValidation: true,
    preValidation: normaliseEmail,
    config: { requestTimeoutMs: HASHING_REQUEST_TIMEOUT_MS },
    schema: {
      tags: ['auth'],
      summary: 'Sign in',
      description:
        'Answers 401 INVALID_CREDENTIALS alike, and in the same time, whether or not the email exists. Each sign-in starts a new session. ' +
        'An email no account can hold (a control, bidirectional or invisible Cf character, a lone surrogate) is 400 INVALID_INPUT naming ' +
        'the field, before any attempt is counted, as at sign-up. ' +
        'Rate limited per IP (a 15-minute window of attempts and a short window of failures; an IPv6 client counted by its /64) and per email; a successful sign-in clears only that email\'s counter. ' +
        '503 with Retry-After when too many sign-ins wait for hashing.',
      querystring: emptyQuery,
      body: credentialsSchema,
      response: { 200: { ...emailAnswerSchema, description: 'Signed in' }, ...authErrors('INVALID_CREDENTIALS') },
    },
    handler: async (request, reply) => {
      checkValidation(request);
      const { email, password } = request.body;
      const userId = await signIn(app.db, app.auth.rateLimit, passwordsFor(app, request, reply), attemptOf(app, request, email), password);
      await pruneSessions(app, userId);
      await app.startSession(reply, userId);
      return { email };
    },
  });

  app.post(underAuth(API_PATHS.authLogout), {
    preValidation: rejectBody,
    schema: {
      tags: ['auth'],
      summary: 'Sign out',
      description: 'Deletes the session and clears the cookie. Also 204 without a valid session, so it is safe to repeat.',
      querystring: emptyQuery,
      response: { 204: noContent, ...publicErrors('INVALID_INPUT', 403, 415) },
    },
    handler: async (request, reply) => {
      await app.endSession(request, reply);
      return reply.code(204).send(null);
    },
  });

  app.get(underAuth(API_PATHS.authCheck), {
    onRequest: app.requireUser,
    schema: {
      tags: ['auth'],
      summary: 'Whether the caller is signed in',
      security,
      querystring: emptyQuery,
      response: { 200: { ...emailAnswerSchema, description: 'Signed in' }, ...publicErrors('UNAUTHENTICATED') },
    },
    handler: async (request) => {
      // Read with the session (db/sessions.ts), so this answer costs one query.
      return { email: (request.account as Account).email };
    },
  });
}

