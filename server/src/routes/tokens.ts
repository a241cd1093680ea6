/**
 * Personal access tokens (contract, fourth edition): minted with the account's password, listed
 * without their secrets, revoked at once. Session only: a token can neither see nor make tokens.
 */
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
} from '@common/schemas/tokens';
import type { Account } from '../domain/accounts';
import { mintToken, revokeToken, tokensOf } from '../domain/accessTokens';
import { hashSecret, mintSecret } from '../plugins/accessTokens';
import { HASHING_REQUEST_TIMEOUT_MS } from '../plugins/availability';
import { attemptOf, passwordsFor, rejectBody } from '../plugins/requests';
import { readErrors, security, writeErrors } from './schemas';

const tokensPath = underUser(API_PATHS.tokens);

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
      const { email } = request.account as Account;
      const secret = mintSecret();
      const answer = await mintToken(
        app.db,
        app.auth.rateLimit,
        passwordsFor(app, request, reply),
        { ...attemptOf(app, request, email), userId: request.userId },
        { name: request.body.name, scope: request.body.scope, expiresInDays: request.body.expiresInDays ?? null, password: request.body.password },
        { secret, hash: hashSecret(secret) },
      );
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
    handler: async (request) => tokensOf(app.db, request.userId),
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
      await revokeToken(app.db, request.userId, request.params.id);
      const revoked: FastifyReply = reply;
      return revoked.code(204).send();
    },
  });
}
