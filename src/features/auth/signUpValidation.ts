import { EMAIL_MAX_LENGTH, isValidEmail, isValidPasswordLength } from '@common/domain';
import { ERRORS, messageFor, serverErrorCode, VALIDATION } from '@/lib/errorMessages';

export interface SignUpForm {
  email: string;
  password: string;
  repeat: string;
}

/**
 * The first broken sign-up rule in the order of spec 5, then the server's email rule (so the form
 * says what the server would answer, compared as the server compares it), or null when the form may be sent.
 */
export function signUpError({ email, password, repeat }: SignUpForm): string | null {
  if (email.trim() === '' || password === '' || repeat === '') return VALIDATION.EMPTY_CREDENTIALS;
  if (password !== repeat) return VALIDATION.PASSWORDS_DIFFER;
  if (email.trim().length > EMAIL_MAX_LENGTH) return VALIDATION.EMAIL_TOO_LONG;
  // Code points, as the server counts: four emoji are four characters, not eight.
  if (!isValidPasswordLength(password)) return VALIDATION.PASSWORD_LENGTH;
  if (!isValidEmail(email.trim().normalize('NFC'))) return VALIDATION.INVALID_EMAIL;
  return null;
}

/**
 * The message for a refused sign-up. The rule after spec 5's four, "not one of the most common
 * passwords", is checked by the server only: its list (about 18,000 entries, 80 KB compressed)
 * would weigh more than the whole sign-up screen, so the form shows the server's reason instead.
 */
export function signUpFailureMessage(error: unknown): string {
  const code = serverErrorCode(error);
  if (code === 'EMAIL_EXISTS') return ERRORS.EMAIL_EXISTS;
  if (code === 'COMMON_PASSWORD') return VALIDATION.COMMON_PASSWORD;
  return messageFor(error, 'SIGN_UP_ERROR');
}
