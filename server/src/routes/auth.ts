/**
 * Sign-up, sign-in, sign-out and the session check. Sign-up answers with the sign-up form's own
 * wording so the SPA and the API never disagree about what is wrong.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PATHS, underAuth } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { COMMON_PASSWORD_MESSAGE, EMAIL_MAX_LENGTH, isValidEmail, isValidPasswordLength, SIGN_UP_TEXTS } from '@common/domain';
import { credentialsSchema, emailAnswerSchema } from '@common/schemas/auth';
import { emptyQuery, noContent } from '@common/schemas/primitives';
import { isUniqueViolation } from '../db';
import { pruneSessions } from '../plugins/auth';
import { HASHING_REQUEST_TIMEOUT_MS } from '../plugins/availability';
import { ApiHttpError } from '../domain/errors';
import { validationMessage, type AjvError } from '../plugins/errors';
import { hashPassword, isCommonPassword, verifyPassword } from '../plugins/password';
import { accountKey, pruneAttempts, refundAttempt, resetAttempts } from '../db/rateLimits';
import { createUser, findUserByEmail } from '../db/users';
import { clientAddressKey, limitAttempts } from '../domain/rateLimit';
import { publicErrors, security } from './schemas';
import type { Account } from '../db/sessions';
import { rejectBody } from './requests';

const authErrors = (...extra: Parameters<typeof publicErrors>) => publicErrors('INVALID_INPUT', 403, 413, 415, 429, ...extra);

/**
 * Emails are compared trimmed, in Unicode NFC (so a letter typed precomposed or with a combining
 * accent is one account) and case-insensitively; passwords are taken exactly as typed.
 */
export async function normaliseEmail(request: FastifyRequest): Promise<void> {
  // Runs before validation, so the body may be anything.
  const body: unknown = request.body;
  if (body && typeof body === 'object' && 'email' in body && typeof body.email === 'string') body.email = body.email.trim().normalize('NFC').toLowerCase();
}

function checkValidation(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  const errors = (error as { validation?: AjvError[] }).validation ?? [];
  const unknownField = errors[0]?.keyword === 'additionalProperties';
  throw new ApiHttpError(400, 'INVALID_INPUT', unknownField ? validationMessage(errors, 'body') : SIGN_UP_TEXTS.EMPTY_CREDENTIALS);
}

function checkSignUpInput(email: string, password: string): void {
  if (!email || !password) throw new ApiHttpError(400, 'INVALID_INPUT', SIGN_UP_TEXTS.EMPTY_CREDENTIALS);
  if (email.length > EMAIL_MAX_LENGTH) throw new ApiHttpError(400, 'INVALID_INPUT', SIGN_UP_TEXTS.EMAIL_TOO_LONG);
  // Counted in code points, as the sign-up form counts it, so both sides accept exactly the same passwords.
  if (!isValidPasswordLength(password)) throw new ApiHttpError(400, 'INVALID_INPUT', SIGN_UP_TEXTS.PASSWORD_LENGTH);
  if (!isValidEmail(email)) throw new ApiHttpError(400, 'INVALID_INPUT', SIGN_UP_TEXTS.INVALID_EMAIL);
  checkNewPassword(password);
}

/** Sign-up's password rules and wording, for every new password (sign-up, a reset, a change). */
export function checkNewPassword(password: string): void {
  if (!isValidPasswordLength(password)) throw new ApiHttpError(400, 'INVALID_INPUT', SIGN_UP_TEXTS.PASSWORD_LENGTH);
  if (isCommonPassword(password)) throw new ApiHttpError(400, 'COMMON_PASSWORD', COMMON_PASSWORD_MESSAGE);
}

const shortLoginKey = (request: FastifyRequest) => `login-ip-short:${clientAddressKey(request.ip)}`;

/**
 * Counts an attempt against every window that applies; throws 429 when one is exhausted. A
 * signed-in password change counts its check of the current password as a sign-in.
 */
export async function throttle(app: FastifyInstance, kind: 'login' | 'register', request: FastifyRequest, email: string): Promise<void> {
  const { rateLimit } = app.auth;
  const longestWindowMs = Math.max(rateLimit.windowMs, rateLimit.shortWindowMs, rateLimit.signupWindowMs);
  const now = app.now().getTime();
  await pruneAttempts(app.db, longestWindowMs, now);
  if (kind === 'register') {
    // Sign-up answers EMAIL_EXISTS by design, so each try is an enumeration probe: an hourly budget of its own.
    await limitAttempts(app.db, `register-ip:${clientAddressKey(request.ip)}`, rateLimit.signupsPerIp, rateLimit.signupWindowMs, now);
  } else {
    await limitAttempts(app.db, `login-ip:${clientAddressKey(request.ip)}`, rateLimit.perIp, rateLimit.windowMs, now);
    await limitAttempts(app.db, shortLoginKey(request), rateLimit.failuresPerIpShort, rateLimit.shortWindowMs, now);
  }
  await limitAttempts(app.db, accountKey(kind, email), rateLimit.perAccount, rateLimit.windowMs, now);
}

/** A right password: that email's failures are forgotten and the address's short window gets this attempt back. */
export async function forgiveSignIn(app: FastifyInstance, request: FastifyRequest, email: string): Promise<void> {
  await resetAttempts(app.db, accountKey('login', email));
  await refundAttempt(app.db, shortLoginKey(request));
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
      checkSignUpInput(email, password);
      await throttle(app, 'register', request, email);
      const taken = await findUserByEmail(app.db, email);
      if (taken) throw emailExists();
      const passwordHash = await hashPassword(password, app.auth.hashCost, app.hashQueue.forRequest(request, reply));
      const userId = await createUser(app.db, email, passwordHash, app.now().getTime()).catch((err: unknown) => {
        throw isUniqueViolation(err) ? emailExists() : err;
      });
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
      if (!email || !password) throw new ApiHttpError(400, 'INVALID_INPUT', SIGN_UP_TEXTS.EMPTY_CREDENTIALS);
      await throttle(app, 'login', request, email);
      const user = await findUserByEmail(app.db, email);
      const valid = await verifyPassword(password, user?.password_hash ?? app.auth.dummyHash, app.hashQueue.forRequest(request, reply));
      if (!user || !valid) throw new ApiHttpError(401, 'INVALID_CREDENTIALS', 'Incorrect email and/or password, try again');
      const userId = Number(user.id);
      await forgiveSignIn(app, request, email);
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

function emailExists(): ApiHttpError {
  return new ApiHttpError(409, 'EMAIL_EXISTS', 'Email already in use, try another or sign in');
}
