/**
 * A new password typed twice (a reset, a change in Settings): sign-up's rules in sign-up's order
 * and words (spec 5), checked as the learner types. "Not one of the most common passwords" is the
 * server's check, as at sign-up (src/features/auth/signUpValidation.ts explains why).
 */
import { isValidPasswordLength } from '@common/domain';
import { VALIDATION } from './errorMessages';

export const NEW_PASSWORD_TEXTS = {
  EMPTY: 'Enter the new password twice to continue',
  CHANGED_SIGN_IN: 'Your password is changed. Sign in with it.',
  /** After a reset by email: what else it ended (contract, fifth edition). */
  RESET_ENDED_EVERYTHING:
    'Every device is signed out, every access token your tools used stops working, and reminders are off on every device: turn them on again where you want them.',
} as const;

export interface NewPasswordRules {
  /** 8 to 100 characters, counted as the server counts them. */
  lengthOk: boolean;
  /** Both fields agree; null while the second is still empty. */
  matches: boolean | null;
}

export function newPasswordRules(password: string, repeat: string): NewPasswordRules {
  return { lengthOk: isValidPasswordLength(password), matches: repeat === '' ? null : password === repeat };
}

/** The first broken rule, in sign-up's order (both filled, the same, the length), or null when the form may be sent. */
export function newPasswordError(password: string, repeat: string): string | null {
  if (password === '' || repeat === '') return NEW_PASSWORD_TEXTS.EMPTY;
  if (password !== repeat) return VALIDATION.PASSWORDS_DIFFER;
  if (!isValidPasswordLength(password)) return VALIDATION.PASSWORD_LENGTH;
  return null;
}
