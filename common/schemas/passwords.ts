/** Shapes of the password reset (asked for, then confirmed with the emailed token) and the signed-in change. */
import type { FromSchema } from 'json-schema-to-ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../domain';

const newPassword = { type: 'string', description: `The sign-up rules: ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, never trimmed, not a common password` } as const;

export const passwordResetRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  properties: { email: { type: 'string', description: 'Trimmed and lower-cased, as at sign-in' } },
} as const;
export type PasswordResetRequest = FromSchema<typeof passwordResetRequestSchema>;

/** The reset request's answer: empty whatever the email, so it never tells whether an account exists. */
export const passwordResetAcceptedSchema = { type: 'object', additionalProperties: false, properties: {} } as const;
export type PasswordResetAccepted = FromSchema<typeof passwordResetAcceptedSchema>;

export const passwordResetConfirmSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['token', 'password'],
  properties: {
    token: { type: 'string', description: 'The token from the emailed link\'s fragment (`#token=`)' },
    password: newPassword,
  },
} as const;
export type PasswordResetConfirm = FromSchema<typeof passwordResetConfirmSchema>;

export const passwordChangeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['currentPassword', 'newPassword'],
  properties: {
    currentPassword: { type: 'string' },
    newPassword,
    endEverything: {
      type: 'boolean',
      default: true,
      description: "Also revoke every access token and delete every push subscription of the account (default true). Other sessions end either way",
    },
  },
} as const;
export type PasswordChange = FromSchema<typeof passwordChangeSchema>;
