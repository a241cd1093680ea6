/**
 * Sign-up, sign-in, sign-out and the session check. Sign-up answers with the sign-up form's own
 * wording so the SPA and the API never disagree about what is wrong.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@common/domain';
import { isUniqueViolation } from '../db';
import { pruneSessions } from '../plugins/auth';
import { ApiHttpError, validationMessage, type AjvError } from '../plugins/errors';
import { hashPassword, verifyPassword } from '../plugins/password';
import type { Account } from '../plugins/sessionQueries';
import { accountKey, countAttempt, pruneAttempts, resetAttempts } from '../plugins/rateLimit';
import { emptyQuery, errorSchema, noContent, publicErrors, security } from './schemas';
import { rejectBody } from './shared';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MISSING = 'Input an email and password to continue';

const credentialsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'password'],
  properties: {
    email: { type: 'string', description: `Trimmed and lower-cased; at most ${EMAIL_MAX_LENGTH} characters` },
    password: { type: 'string', description: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, never trimmed` },
  },
} as const;

const emailAnswer = { type: 'object', additionalProperties: false, required: ['email'], properties: { email: { type: 'string' } } } as const;

const authErrors = (...extra: number[]) => publicErrors(400, 403, 413, 415, 429, ...extra);

type CredentialsRequest = FastifyRequest<{ Body: { email: string; password: string } }>;

/** Emails are compared trimmed and case-insensitively; passwords are taken exactly as typed. */
async function normaliseEmail(request: FastifyRequest): Promise<void> {
  const body = request.body as { email?: unknown } | null;
  if (body && typeof body === 'object' && typeof body.email === 'string') body.email = body.email.trim().toLowerCase();
}

function checkValidation(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  const errors = (error as { validation?: AjvError[] }).validation ?? [];
  const unknownField = errors[0]?.keyword === 'additionalProperties';
  throw new ApiHttpError(400, 'INVALID_INPUT', unknownField ? validationMessage(errors, 'body') : MISSING);
}

function checkSignUpInput(email: string, password: string): void {
  if (!email || !password) throw new ApiHttpError(400, 'INVALID_INPUT', MISSING);
  if (email.length > EMAIL_MAX_LENGTH) throw new ApiHttpError(400, 'INVALID_INPUT', 'Email must be less than 100 characters');
  // String length as the sign-up form counts it, so both sides accept exactly the same passwords.
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new ApiHttpError(400, 'INVALID_INPUT', 'Password must be between 8 and 100 characters');
  }
  if (!EMAIL_PATTERN.test(email)) throw new ApiHttpError(400, 'INVALID_INPUT', 'Enter a valid email address, like name@example.com');
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { rateLimit } = app.auth;

  async function throttle(kind: 'login' | 'register', request: FastifyRequest, email: string): Promise<void> {
    const now = app.now().getTime();
    await pruneAttempts(app.db, rateLimit.windowMs, now);
    await countAttempt(app.db, `${kind}-ip:${request.ip}`, rateLimit.perIp, rateLimit.windowMs, now);
    await countAttempt(app.db, accountKey(kind, email), rateLimit.perAccount, rateLimit.windowMs, now);
  }

  app.post('/register', {
    attachValidation: true,
    preValidation: normaliseEmail,
    schema: {
      tags: ['auth'],
      summary: 'Create an account and sign in',
      description: 'Errors use the sign-up form\'s wording. The new user is signed in (cookie `sid`). Rate limited per IP and per email.',
      querystring: emptyQuery,
      body: credentialsBody,
      response: { 201: { ...emailAnswer, description: 'Created and signed in' }, ...authErrors(409) },
    },
    handler: async (request: CredentialsRequest, reply) => {
      checkValidation(request);
      const { email, password } = request.body;
      checkSignUpInput(email, password);
      await throttle('register', request, email);
      const taken = await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      if (taken) throw emailExists();
      const passwordHash = await hashPassword(password, app.auth.hashCost);
      const user = await app.db
        .insertInto('users')
        .values({ email, password_hash: passwordHash, current_language: null, created_at: app.now().getTime() })
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? emailExists() : err;
        });
      await app.startSession(reply, Number(user.id));
      return reply.code(201).send({ email });
    },
  });

  app.post('/login', {
    attachValidation: true,
    preValidation: normaliseEmail,
    schema: {
      tags: ['auth'],
      summary: 'Sign in',
      description:
        'Answers 401 INVALID_CREDENTIALS alike, and in the same time, whether or not the email exists. Each sign-in starts a new session. ' +
        'Rate limited per IP and per email; a successful sign-in clears only that email\'s counter.',
      querystring: emptyQuery,
      body: credentialsBody,
      response: { 200: { ...emailAnswer, description: 'Signed in' }, ...authErrors(401) },
    },
    handler: async (request: CredentialsRequest, reply) => {
      checkValidation(request);
      const { email, password } = request.body;
      if (!email || !password) throw new ApiHttpError(400, 'INVALID_INPUT', MISSING);
      await throttle('login', request, email);
      const user = await app.db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', email).executeTakeFirst();
      const valid = await verifyPassword(password, user?.password_hash ?? app.auth.dummyHash);
      if (!user || !valid) throw new ApiHttpError(401, 'INVALID_CREDENTIALS', 'Incorrect email and/or password, try again');
      const userId = Number(user.id);
      await resetAttempts(app.db, accountKey('login', email));
      await pruneSessions(app, userId);
      await app.startSession(reply, userId);
      return { email };
    },
  });

  app.post('/logout', {
    preValidation: rejectBody,
    schema: {
      tags: ['auth'],
      summary: 'Sign out',
      description: 'Deletes the session and clears the cookie. Also 204 without a valid session, so it is safe to repeat.',
      querystring: emptyQuery,
      response: { 204: noContent, ...publicErrors(400, 403, 415) },
    },
    handler: async (request, reply) => {
      await app.endSession(request, reply);
      return reply.code(204).send();
    },
  });

  app.get('/check', {
    onRequest: app.requireUser,
    schema: {
      tags: ['auth'],
      summary: 'Whether the caller is signed in',
      security,
      querystring: emptyQuery,
      response: { 200: { ...emailAnswer, description: 'Signed in' }, 401: { ...errorSchema, description: 'Not signed in' }, ...publicErrors() },
    },
    handler: async (request) => {
      // Read with the session (plugins/sessionQueries.ts), so this answer costs one query.
      return { email: (request.account as Account).email };
    },
  });
}

function emailExists(): ApiHttpError {
  return new ApiHttpError(409, 'EMAIL_EXISTS', 'Email already in use, try another or sign in');
}
