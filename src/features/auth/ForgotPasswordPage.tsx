import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { isValidEmail } from '@common/domain';
import { useRequestPasswordResetMutation } from '@/api/apiSlice';
import { Button } from '@/components/Button';
import { ErrorText } from '@/components/StatusMessage';
import { ERRORS, messageFor, serverErrorCode, VALIDATION } from '@/lib/errorMessages';
import { AuthField, EMAIL_PLACEHOLDER, BackToSignIn } from './AuthField';
import { AuthLayout } from './AuthLayout';

/** What the page says after any request the server took, whether or not an account has the address (contract, fourth edition). */
export const LINK_SENT = 'If an account exists for that address, we sent a link; it works for 30 minutes.';

/** /forgot-password: asks for the email the reset link goes to. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const sentRef = useRef<HTMLParagraphElement>(null);

  // The answer replaces the form: focus goes to it, so keyboard and screen reader land on what happened.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address.normalize('NFC'))) {
      setError(VALIDATION.INVALID_EMAIL);
      return;
    }
    setError(null);
    try {
      await requestReset({ email: address }).unwrap();
    } catch (failure) {
      setError(serverErrorCode(failure) === 'RATE_LIMITED' ? ERRORS.TOO_MANY_ATTEMPTS : messageFor(failure, 'RESET_LINK_ERROR'));
      return;
    }
    setSent(true);
  };

  return (
    <AuthLayout title="Forgot your password?">
      {sent ? (
        <Sent ref={sentRef} tabIndex={-1} role="status">
          {LINK_SENT}
        </Sent>
      ) : (
        <form onSubmit={onSubmit} aria-label="Forgot your password?" noValidate>
          <Intro>Enter the email you signed up with. We will send you a link to choose a new password.</Intro>
          {error && <ErrorText>{error}</ErrorText>}
          <AuthField id="email" label="Email" type="email" value={email} onChange={setEmail} placeholder={EMAIL_PLACEHOLDER} autoComplete="email" />
          <Button type="submit" $fullWidth disabled={isLoading}>
            {isLoading ? 'Sending...' : 'Send link'}
          </Button>
        </form>
      )}
      <BackToSignIn />
    </AuthLayout>
  );
}

const Intro = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Sent = styled.p`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.primaryLight};
  color: ${({ theme }) => theme.colors.text};
`;
