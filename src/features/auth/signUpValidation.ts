import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@common/domain';
import { VALIDATION } from '@/lib/errorMessages';

export interface SignUpForm {
  email: string;
  password: string;
  repeat: string;
}

/** The first broken sign-up rule in the order of spec 5, or null when the form may be sent. */
export function signUpError({ email, password, repeat }: SignUpForm): string | null {
  if (email.trim() === '' || password === '' || repeat === '') return VALIDATION.EMPTY_CREDENTIALS;
  if (password !== repeat) return VALIDATION.PASSWORDS_DIFFER;
  if (email.trim().length > EMAIL_MAX_LENGTH) return VALIDATION.EMAIL_TOO_LONG;
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return VALIDATION.PASSWORD_LENGTH;
  return null;
}
