/**
 * A forgotten password (contract, fourth edition): the reset asked for by email and confirmed
 * with the emailed token, both without a session; and the signed-in change in Settings.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, underAuth, underUser } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { emptyQuery, noContent } from '@common/schemas/primitives';
import { passwordChangeSchema, passwordResetAcceptedSchema, passwordResetConfirmSchema, passwordResetRequestSchema } from '@common/schemas/passwords';
import { changeAccountPassword, type Account } from '../domain/accounts';
import {
  confirmReset,
  requestReset,
  RESET_EMAILS_PER_ACCOUNT_PER_HOUR,
  RESET_REQUESTS_PER_IP_PER_HOUR,
  RESET_VALID_MINUTES,
} from '../domain/passwordReset';
import { sessionCookieName } from '../plugins/auth';
import { HASHING_REQUEST_TIMEOUT_MS } from '../plugins/availability';
import { attemptOf, normaliseEmail, passwordsFor } from '../plugins/requests';
import { publicErrors, security, writeErrors } from './schemas';

/** POST /api/auth/password-reset and /confirm, registered under /api/auth. */
export async function passwordResetRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.post(underAuth(API_PATHS.passwordReset), {
    preValidation: normaliseEmail,
    schema: {
      tags: ['auth'],
      summary: 'Ask for a password-reset email',
      description:
        `Always 202 {} for any string \`email\`, whether or not an account has it (a malformed address simply matches none), so the answer never tells ` +
        `whether an account exists; the request runs the same database statements and one commit either way and never waits for the mail server (the email is composed after the answer). For an account, when mail ` +
        `is configured (SMTP_URL), one email to its address, in the account's App language (else English), with the link \`<PUBLIC_URL>/reset-password#token=<token>\`, valid ${RESET_VALID_MINUTES} ` +
        `minutes and usable once (only the token's SHA-256 is stored). At most ${RESET_EMAILS_PER_ACCOUNT_PER_HOUR} such emails an hour per email ` +
        `address (later requests still answer 202 and send nothing); ${RESET_REQUESTS_PER_IP_PER_HOUR} requests an hour per client address (an IPv6 client counted by its /64), then 429 ` +
        'RATE_LIMITED with Retry-After. Both counters are kept in the database, shared by every server process. Without SMTP_URL nothing is sent: ' +
        'an operator gives a link with `npm run admin -- reset-password <email>`.',
      querystring: emptyQuery,
      body: passwordResetRequestSchema,
      response: { 202: { ...passwordResetAcceptedSchema, description: 'Accepted, whatever the email' }, ...publicErrors('INVALID_INPUT', 403, 413, 415, 429) },
    },
    handler: async (request, reply) => {
      await requestReset(app.db, app.mail, { email: request.body.email, ip: request.ip, nowMs: app.now().getTime() });
      return reply.code(202).send({});
    },
  });

  app.post(underAuth(API_PATHS.passwordResetConfirm), {
    config: { requestTimeoutMs: HASHING_REQUEST_TIMEOUT_MS },
    schema: {
      tags: ['auth'],
      summary: 'Set a new password with a reset token',
      description:
        'An unknown, used or expired token: 400 INVALID_TOKEN, whatever the password. The password follows the sign-up rules, with their messages ' +
        '(400 INVALID_INPUT, 400 COMMON_PASSWORD); a refused password leaves the token usable. On success (204) the token is used up, ' +
        'every other reset token of the account is void, every session of the account ends, every access token of the account is revoked ' +
        '(its calls answer 401), every push subscription of the account is deleted and the failed sign-ins counted against its email ' +
        'are forgotten, all in one transaction (of two confirms with one token exactly one succeeds). No session is started: the learner then ' +
        'signs in with the new password.',
      querystring: emptyQuery,
      body: passwordResetConfirmSchema,
      response: { 204: noContent, ...publicErrors('INVALID_INPUT', 'COMMON_PASSWORD', 'INVALID_TOKEN', 403, 413, 415) },
    },
    handler: async (request, reply) => {
      const { token, password } = request.body;
      await confirmReset(app.db, passwordsFor(app, request, reply), token, password, () => app.now().getTime());
      return reply.code(204).send(null);
    },
  });
}

/** POST /api/user/password, registered under /api/user (session required). */
export async function passwordChangeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const cookieName = sessionCookieName(app.auth.secureCookie);

  app.post(underUser(API_PATHS.password), {
    config: { requestTimeoutMs: HASHING_REQUEST_TIMEOUT_MS },
    schema: {
      tags: ['auth'],
      summary: 'Change the password',
      description:
        'The new password follows the sign-up rules, with their messages (400 INVALID_INPUT, 400 COMMON_PASSWORD), checked first. A wrong ' +
        'current password is 401 INVALID_CREDENTIALS (the session stays) and counts as a failed sign-in of the account\'s email and of the ' +
        'client address (the same windows, so the same 429 RATE_LIMITED); a right one clears them as a sign-in does. On success (204) the ' +
        'session that made the change stays, every other session of the account ends, and every reset token of the account is void. With ' +
        '`endEverything` true (the default) every access token of the account is also revoked (its calls answer 401) and every push ' +
        'subscription deleted, in the same transaction; with false they stay.',
      security,
      querystring: emptyQuery,
      body: passwordChangeSchema,
      response: { 204: noContent, ...writeErrors('COMMON_PASSWORD', 'INVALID_CREDENTIALS', 429) },
    },
    handler: async (request, reply) => {
      const { currentPassword, newPassword, endEverything = true } = request.body;
      const { email } = request.account as Account;
      const cookie = request.cookies[cookieName];
      // The session's token as plugins/auth.ts stores it: its SHA-256.
      const keepSessionHash = cookie ? createHash('sha256').update(cookie).digest('hex') : null;
      await changeAccountPassword(app.db, app.auth.rateLimit, passwordsFor(app, request, reply), {
        ...attemptOf(app, request, email),
        userId: request.userId,
        currentPassword,
        newPassword,
        keepSessionHash,
        endEverything,
      });
      return reply.code(204).send(null);
    },
  });
}
