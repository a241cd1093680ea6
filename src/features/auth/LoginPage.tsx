import { useState } from 'react';
import type { FormEvent, MouseEvent } from 'react';
import styled from 'styled-components';
import { paths } from '@/api/paths';
import { Button } from '@/components/Button';
import { ErrorText } from '@/components/StatusMessage';
import { ERRORS, VALIDATION, isNetworkError } from '@/lib/errorMessages';
import { useSwitchLocale, useT } from '@/i18n/I18nProvider';
import { AuthField, emailPlaceholder, SwitchLink } from './AuthField';
import { AuthLayout } from './AuthLayout';
import { AuthLink, useAuthPorts } from './authPorts';

/** Spec 8: any answer from the server is "incorrect", no answer is "unreachable", anything else is the fallback. */
function loginFailureMessage(error: unknown): string {
  if (isNetworkError(error)) return ERRORS.NETWORK_ERROR;
  const status = (error as { status?: unknown } | undefined)?.status;
  if (typeof status === 'number') return ERRORS.INVALID_CREDENTIALS;
  return ERRORS.LOG_IN_ERROR;
}

export function LoginPage() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isLoading, setLoading] = useState(false);
  const { login, afterSignIn, sessionEnded, preferences } = useAuthPorts();
  const switchLocale = useSwitchLocale();

  // Checked on the button's click, before the browser's email-format check on submit.
  const checkFilled = (event: MouseEvent<HTMLButtonElement>) => {
    const problem = email.trim() === '' || password === '' ? VALIDATION.EMPTY_CREDENTIALS : null;
    setError(problem);
    if (problem) event.preventDefault();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Nothing a previous learner left on this device may leak into the new session (spec 2).
    window.localStorage.clear();
    let signedIn: string;
    setLoading(true);
    try {
      signedIn = await login({ email: email.trim(), password });
    } catch (failure) {
      setError(loginFailureMessage(failure));
      setLoading(false);
      return;
    }
    // The device's zone goes to the account; the account's App language, chosen on any device, shows here.
    const uiLocale = await preferences();
    if (uiLocale) await switchLocale(uiLocale).catch(() => {});
    await afterSignIn(signedIn);
  };

  return (
    <AuthLayout title={t('auth.signIn.title')}>
      {sessionEnded && <Notice role="status">{t('auth.signIn.sessionEnded')}</Notice>}
      <form onSubmit={onSubmit} aria-label={t('auth.signIn.title')}>
        {error && <ErrorText>{error}</ErrorText>}
        <AuthField id="email" label={t('auth.field.email')} type="email" value={email} onChange={setEmail} placeholder={emailPlaceholder(t)} autoComplete="email" />
        <AuthField id="password" label={t('auth.field.enterPassword')} type="password" value={password} onChange={setPassword} autoComplete="current-password" />
        <Button type="submit" $fullWidth disabled={isLoading} onClick={checkFilled}>
          {t('auth.signIn.submit')}
        </Button>
      </form>
      <SwitchLink>
        <AuthLink to={paths.forgotPassword}>{t('auth.signIn.forgot')}</AuthLink>
      </SwitchLink>
      <SwitchLink>
        <AuthLink to={paths.register}>{t('auth.signIn.noAccount')}</AuthLink>
      </SwitchLink>
    </AuthLayout>
  );
}

const Notice = styled.p`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.primaryLight};
  color: ${({ theme }) => theme.colors.text};
  text-align: center;
`;
