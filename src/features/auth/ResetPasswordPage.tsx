import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation } from 'react-router';
import styled from 'styled-components';
import { apiSlice, useConfirmPasswordResetMutation } from '@/api/apiSlice';
import { useAppDispatch } from '@/api/hooks';
import { paths } from '@/api/paths';
import { Button } from '@/components/Button';
import { ButtonLink } from '@/components/ButtonLink';
import { PasswordRules } from '@/components/PasswordRules';
import { ErrorText } from '@/components/StatusMessage';
import { ERRORS, messageFor, serverErrorCode, VALIDATION } from '@/lib/errorMessages';
import { useT } from '@/i18n/I18nProvider';
import { NEW_PASSWORD_TEXTS, newPasswordError } from '@/lib/newPassword';
import { AuthField, BackToSignIn } from './AuthField';
import { AuthLayout } from './AuthLayout';

/** The token of the emailed link `/reset-password#token=<token>`, or null. */
const tokenFrom = (hash: string): string | null => new URLSearchParams(hash.replace(/^#/, '')).get('token') || null;

type Outcome = 'form' | 'changed' | 'invalid';

/**
 * /reset-password#token=…: the new password twice. The token is read from the fragment once and
 * the fragment is taken off the address at once, so it is in no history entry, bookmark or shared
 * URL; it is sent nowhere but the confirm call.
 */
export function ResetPasswordPage() {
  const t = useT();
  const location = useLocation();
  const [token] = useState(() => tokenFrom(location.hash));
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(token ? 'form' : 'invalid');
  const [confirm, { isLoading }] = useConfirmPasswordResetMutation();
  const dispatch = useAppDispatch();
  const resultRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, []);

  useEffect(() => {
    if (outcome !== 'form') resultRef.current?.focus();
  }, [outcome]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = newPasswordError(password, repeat);
    setError(problem);
    if (problem || !token) return;
    try {
      await confirm({ token, password }).unwrap();
    } catch (failure) {
      const code = serverErrorCode(failure);
      if (code === 'INVALID_TOKEN') setOutcome('invalid');
      else if (code === 'COMMON_PASSWORD') setError(VALIDATION.COMMON_PASSWORD);
      else if (code === 'INVALID_INPUT') setError((failure as { data?: { message?: string } }).data?.message ?? ERRORS.CHANGE_PASSWORD_ERROR);
      else setError(messageFor(failure, 'CHANGE_PASSWORD_ERROR'));
      return;
    }
    // Every session of the account ended: whatever this browser knew of one is stale now.
    dispatch(apiSlice.util.resetApiState());
    setOutcome('changed');
  };

  if (outcome === 'changed') {
    return (
      <AuthLayout title={t('auth.reset.title')}>
        <Result ref={resultRef} tabIndex={-1} role="status">
          {NEW_PASSWORD_TEXTS.CHANGED_SIGN_IN}
        </Result>
        <p>{NEW_PASSWORD_TEXTS.RESET_ENDED_EVERYTHING}</p>
        <ButtonLink to={paths.login} $fullWidth>
          {t('auth.reset.signIn')}
        </ButtonLink>
      </AuthLayout>
    );
  }

  if (outcome === 'invalid') {
    return (
      <AuthLayout title={t('auth.reset.title')}>
        <Result ref={resultRef} tabIndex={-1} role="alert">
          {ERRORS.RESET_LINK_INVALID}
        </Result>
        <ButtonLink to={paths.forgotPassword} $fullWidth>
          {t('auth.reset.askNewLink')}
        </ButtonLink>
        <BackToSignIn />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.reset.title')}>
      <form onSubmit={onSubmit} aria-label={t('auth.reset.title')} noValidate>
        {error && <ErrorText>{error}</ErrorText>}
        <AuthField id="new-password" label={t('auth.reset.newPassword')} type="password" value={password} onChange={setPassword} autoComplete="new-password" describedBy="new-password-rules" />
        <AuthField id="repeat-new-password" label={t('auth.reset.repeatNewPassword')} type="password" value={repeat} onChange={setRepeat} autoComplete="new-password" describedBy="new-password-rules" />
        <PasswordRules id="new-password-rules" password={password} repeat={repeat} />
        <Button type="submit" $fullWidth disabled={isLoading}>
          {isLoading ? t('auth.reset.saving') : t('auth.reset.submit')}
        </Button>
      </form>
      <BackToSignIn />
    </AuthLayout>
  );
}

const Result = styled.p`
  font-size: ${({ theme }) => theme.font.size.lg};
  color: ${({ theme }) => theme.colors.text};
  &:focus {
    outline: none;
  }
`;
