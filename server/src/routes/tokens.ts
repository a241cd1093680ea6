/**
 * Personal access tokens (contract, fourth edition): minted with the account's password, listed
 * without their secrets, revoked at once. Session only: a token can neither see nor make tokens.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_PATHS, underUser } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { emptyQuery, noContent } from '@common/schemas/primitives';
import {
  accessTokenListSchema,
  createdTokenSchema,
  createTokenSchema,
  MAX_TOKENS_PER_LEARNER,
  TOKEN_EXPIRY_DAYS,
  TOKEN_NAME_MAX_LENGTH,
  tokenParamsSchema,
  type AccessToken,
  type CreatedToken,
} from '@common/schemas/tokens';
import { createAccessToken, deleteAccessToken, listAccessTokens, type AccessTokenRow } from '../db/accessTokens';
import { findUserByEmail } from '../db/users';
import { hashSecret, mintSecret } from '../plugins/accessTokens';
import { HASHING_REQUEST_TIMEOUT_MS } from '../plugins/availability';
import { ApiHttpError } from '../domain/errors';
import { verifyPassword } from '../plugins/password';
import type { Account } from '../db/sessions';
import { readErrors, security, writeErrors } from './schemas';
import { forgiveSignIn, throttle } from './auth';
import { rejectBody } from './requests';

const tokensPath = underUser(API_PATHS.tokens);

const toAccessToken = (row: AccessTokenRow): AccessToken => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  createdAt: new Date(Number(row.created_at)).toISOString(),
  lastUsedAt: row.last_used_at === null ? null : new Date(Number(row.last_used_at)).toISOString(),
  expiresAt: row.expires_at === null ? null : new Date(Number(row.expires_at)).toISOString(),
});

const DAY_MS = 24 * 60 * 60 * 1000;

export async function tokenRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.post(tokensPath, {
    config: { requestTimeoutMs: HASHING_REQUEST_TIMEOUT_MS },
    schema: {
      tags: ['tokens'],
      summary: 'Make a personal access token',
      description:
        `\`name\` is trimmed and must keep 1 to ${TOKEN_NAME_MAX_LENGTH} characters. \`password\` is the account's: a session alone cannot mint ` +
        'a lasting key. A wrong one is 401 INVALID_CREDENTIALS and counts as a failed sign-in of the account (the sign-in limits then apply: ' +
        `429 RATE_LIMITED with Retry-After). At most ${MAX_TOKENS_PER_LEARNER} tokens a learner: 409 TOO_MANY_TOKENS (revoke one first). ` +
        'The answer is the only place the secret `token` ever appears; the server keeps its SHA-256. ' +
        `\`expiresInDays\` (${TOKEN_EXPIRY_DAYS.join(', ')} or null, default null: never) sets \`expiresAt\`, from which the token answers ` +
        '401 UNAUTHENTICATED as a revoked one; any other value is 400 INVALID_INPUT.',
      security,
      querystring: emptyQuery,
      body: createTokenSchema,
      response: { 201: { ...createdTokenSchema, description: 'Made: copy `token` now' }, ...writeErrors('INVALID_CREDENTIALS', 'RATE_LIMITED', 'TOO_MANY_TOKENS') },
    },
    handler: async (request, reply) => {
      const name = request.body.name.trim();
      if (name === '') throw new ApiHttpError(400, 'INVALID_INPUT', 'Give the token a name, so you know later which tool uses it.');
      // Characters as the schema counts them (code points), after trimming.
      if ([...name].length > TOKEN_NAME_MAX_LENGTH) {
        throw new ApiHttpError(400, 'INVALID_INPUT', `The token's name can be at most ${TOKEN_NAME_MAX_LENGTH} characters.`);
      }
      const { email } = request.account as Account;
      // Counted as a sign-in of the account, under the sign-in's own counters: guessing here draws on the same budget.
      await throttle(app, 'login', request, email);
      const user = await findUserByEmail(app.db, email);
      const valid = await verifyPassword(request.body.password, user?.password_hash ?? app.auth.dummyHash, app.hashQueue.forRequest(request, reply));
      if (!user || !valid) throw new ApiHttpError(401, 'INVALID_CREDENTIALS', 'Incorrect password, try again');
      await forgiveSignIn(app, request, email);

      const secret = mintSecret();
      const createdAt = app.now().getTime();
      const days = request.body.expiresInDays ?? null;
      const row = { id: randomUUID(), name, scope: request.body.scope, created_at: createdAt, expires_at: days === null ? null : createdAt + days * DAY_MS };
      const stored = await createAccessToken(app.db, { ...row, user_id: request.userId, token_hash: hashSecret(secret) }, MAX_TOKENS_PER_LEARNER);
      if (!stored) {
        throw new ApiHttpError(409, 'TOO_MANY_TOKENS', `You already have ${MAX_TOKENS_PER_LEARNER} access tokens: revoke one you no longer use first.`);
      }
      const answer: CreatedToken = { ...toAccessToken({ ...row, last_used_at: null }), token: secret };
      const created: FastifyReply = reply;
      return created.code(201).send(answer);
    },
  });

  app.get(tokensPath, {
    schema: {
      tags: ['tokens'],
      summary: "The learner's access tokens",
      description:
        'Oldest first, never the secrets. `lastUsedAt` is set by the first call a token makes, then moves at most once a minute. ' +
        '`expiresAt` is null for a token that never expires; an expired token stays listed until revoked, and answers 401.',
      security,
      querystring: emptyQuery,
      response: { 200: accessTokenListSchema, ...readErrors() },
    },
    handler: async (request) => (await listAccessTokens(app.db, request.userId)).map(toAccessToken),
  });

  app.delete(`${tokensPath}/:id`, {
    preValidation: rejectBody,
    schema: {
      tags: ['tokens'],
      summary: 'Revoke an access token',
      description:
        'The token is refused (401) by every server process from the next call on, and the idempotency keys it made are deleted with it. 204 also when the learner holds no token with this id ' +
        "(revoking twice is harmless; another learner's token is never touched).",
      security,
      querystring: emptyQuery,
      params: tokenParamsSchema,
      response: { 204: noContent, ...writeErrors() },
    },
    handler: async (request, reply) => {
      await deleteAccessToken(app.db, request.userId, request.params.id);
      const revoked: FastifyReply = reply;
      return revoked.code(204).send();
    },
  });
}
