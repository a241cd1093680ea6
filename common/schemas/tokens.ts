/** Shapes and limits of personal access tokens (contract, fourth edition). */
import type { FromSchema } from 'json-schema-to-ts';

/** Every token starts with it, so a leaked one is recognisable (secret scanners, logs). */
export const ACCESS_TOKEN_PREFIX = 'lingualog_pat_';
/** A name's length after trimming, in characters (code points). */
export const TOKEN_NAME_MAX_LENGTH = 60;
/** What a name may hold before trimming: its bound plus room for the spaces around it. */
export const TOKEN_NAME_RAW_MAX_LENGTH = 200;
export const MAX_TOKENS_PER_LEARNER = 20;
export const TOKEN_CALLS_PER_MINUTE = 120;
export const TOKEN_SCOPES = ['log', 'read'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
/** The lifetimes a token may be minted with, in days (contract, fifth edition); null: it never expires. */
export const TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
export type TokenExpiryDays = (typeof TOKEN_EXPIRY_DAYS)[number];

export const createTokenSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'scope', 'password'],
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      // The bound of 1 to TOKEN_NAME_MAX_LENGTH holds after trimming (routes/tokens.ts); this one only bounds what is read.
      maxLength: TOKEN_NAME_RAW_MAX_LENGTH,
      description: `1 to ${TOKEN_NAME_MAX_LENGTH} characters after trimming (stored trimmed); blank or longer after trimming is 400 INVALID_INPUT`,
    },
    scope: {
      type: 'string',
      enum: TOKEN_SCOPES,
      description: '`log`: the reads, adds, edits and the timer; `read`: the reads only',
    },
    password: { type: 'string', minLength: 1, maxLength: 1000, description: "The account's password, taken exactly as typed" },
    expiresInDays: {
      // An enum without a type: nothing is coerced, so "30" or 31 is 400 INVALID_INPUT.
      enum: [...TOKEN_EXPIRY_DAYS, null],
      description: 'The token is refused (401) from this many days after minting on; null or absent: it never expires. Anything else is 400 INVALID_INPUT',
    },
  },
} as const;
export type CreateToken = FromSchema<typeof createTokenSchema>;

const tokenProperties = {
  id: { type: 'string', description: 'A random string naming the token in this list and in DELETE' },
  name: { type: 'string' },
  scope: { type: 'string', enum: TOKEN_SCOPES },
  createdAt: { type: 'string', description: 'ISO 8601 instant in UTC' },
  lastUsedAt: {
    anyOf: [{ type: 'null' }, { type: 'string' }],
    description: 'ISO 8601 instant in UTC of the last call it made, to the minute (written at most once a minute); null before the first',
  },
  expiresAt: {
    anyOf: [{ type: 'null' }, { type: 'string' }],
    description: 'ISO 8601 instant in UTC from which the token answers 401 UNAUTHENTICATED, as a revoked one; null: it never expires',
  },
} as const;

export const accessTokenSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'scope', 'createdAt', 'lastUsedAt', 'expiresAt'],
  properties: tokenProperties,
} as const;
export type AccessToken = FromSchema<typeof accessTokenSchema>;

export const accessTokenListSchema = { type: 'array', items: accessTokenSchema, description: 'Oldest first; never the secrets' } as const;

export const createdTokenSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'scope', 'createdAt', 'lastUsedAt', 'expiresAt', 'token'],
  properties: {
    ...tokenProperties,
    token: {
      type: 'string',
      description: `The secret, \`${ACCESS_TOKEN_PREFIX}\` then 43 base64url characters (32 random bytes). Shown in this answer only: the server keeps its SHA-256`,
    },
  },
} as const;
export type CreatedToken = FromSchema<typeof createdTokenSchema>;

export const tokenParamsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;
