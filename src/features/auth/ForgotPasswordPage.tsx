import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { isValidEmail } from '@common/domain';
import { useRequestPasswordResetMutation } from '@/api/apiSlice';
import { Button } from '@/components/Button';
import { ErrorText } from '@/components/StatusMessage';
import { ERRORS, messageFor, serverErrorCode, VALIDATION } from '@/lib/errorMessages';
import { useT } from '@/i18n/I18nProvider';
import { AuthField, emailPlaceholder, BackToSignIn } from './AuthField';
import { AuthLayout } from './AuthLayout';

/** How long the emailed link works (contract, fourth edition: 30 minutes). */
const LINK_MINUTES = 30;

/** /forgot-password: asks for the email the reset link goes to. */
export function ForgotPasswordPage() {
  const t = useT();
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
    <AuthLayout title={t('auth.forgot.title')}>
      {sent ? (
        <Sent ref={sentRef} tabIndex={-1} role="status">
          {/* What the page says after any request the server took, whether or not an account has the address. */}
          {t('auth.forgot.sent', { minutes: LINK_MINUTES })}
        </Sent>
      ) : (
        <form onSubmit={onSubmit} aria-label={t('auth.forgot.title')} noValidate>
          <Intro>{t('auth.forgot.intro')}</Intro>
          {error && <ErrorText>{error}</ErrorText>}
          <AuthField id="email" label={t('auth.field.email')} type="email" value={email} onChange={setEmail} placeholder={emailPlaceholder(t)} autoComplete="email" />
          <Button type="submit" $fullWidth disabled={isLoading}>
            {isLoading ? t('auth.forgot.sending') : t('auth.forgot.send')}
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
