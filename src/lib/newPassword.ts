/**
 * A new password typed twice (a reset, a change in Settings): sign-up's rules in sign-up's order
 * and words (spec 5), checked as the learner types. "Not one of the most common passwords" is the
 * server's check, as at sign-up (src/features/auth/signUpValidation.ts explains why).
 */
import { isValidPasswordLength } from '@common/domain';
import { t } from '@/i18n/i18n';
import { VALIDATION } from './errorMessages';

/** The texts of a new password's form, in the active locale. */
export const NEW_PASSWORD_TEXTS = {
  get EMPTY() {
    return t('common.newPassword.empty');
  },
  get CHANGED_SIGN_IN() {
    return t('common.newPassword.changed');
  },
  /** After a reset by email: what else it ended (contract, fifth edition). */
  get RESET_ENDED_EVERYTHING() {
    return t('common.newPassword.resetEndedEverything');
  },
};

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
