/** Shapes of sign-up, sign-in and the session check. */
import type { FromSchema } from 'json-schema-to-ts';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../domain';

// Lengths and the email format are checked by the route (with the sign-up form's wording), not here.
export const credentialsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'password'],
  properties: {
    email: { type: 'string', description: `Trimmed and lower-cased; at most ${EMAIL_MAX_LENGTH} characters` },
    password: { type: 'string', description: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, never trimmed` },
  },
} as const;
export type Credentials = FromSchema<typeof credentialsSchema>;

export const emailAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  properties: { email: { type: 'string' } },
} as const;
export type EmailAnswer = FromSchema<typeof emailAnswerSchema>;
