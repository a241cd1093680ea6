import { useState } from 'react';
import type { FormEvent, MouseEvent } from 'react';
import styled from 'styled-components';
import { paths } from '@/api/paths';
import { Button } from '@/components/Button';
import { ErrorText } from '@/components/StatusMessage';
import { ERRORS, VALIDATION, isNetworkError } from '@/lib/errorMessages';
import { AuthField, EMAIL_PLACEHOLDER, SwitchLink } from './AuthField';
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isLoading, setLoading] = useState(false);
  const { login, afterSignIn, sessionEnded } = useAuthPorts();

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
    await afterSignIn(signedIn);
  };

  return (
    <AuthLayout title="Sign In">
      {sessionEnded && <Notice role="status">You were signed out. Sign in again to carry on where you left off.</Notice>}
      <form onSubmit={onSubmit} aria-label="Sign In">
        {error && <ErrorText>{error}</ErrorText>}
        <AuthField id="email" label="Email" type="email" value={email} onChange={setEmail} placeholder={EMAIL_PLACEHOLDER} autoComplete="email" />
        <AuthField id="password" label="Enter Password" type="password" value={password} onChange={setPassword} autoComplete="current-password" />
        <Button type="submit" $fullWidth disabled={isLoading} onClick={checkFilled}>
          Login
        </Button>
      </form>
      <SwitchLink>
        <AuthLink to={paths.forgotPassword}>Forgot password?</AuthLink>
      </SwitchLink>
      <SwitchLink>
        <AuthLink to={paths.register}>Don&apos;t have an account?</AuthLink>
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
