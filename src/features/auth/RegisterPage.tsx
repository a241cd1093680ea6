import { useState } from 'react';
import type { FormEvent, MouseEvent } from 'react';
import { paths } from '@/api/paths';
import { Button } from '@/components/Button';
import { ErrorText } from '@/components/StatusMessage';
import { useIsNarrow } from '@/components/useIsNarrow';
import { AuthField, EMAIL_PLACEHOLDER, SwitchLink } from './AuthField';
import { AuthLayout } from './AuthLayout';
import { AuthLink, useAuthPorts } from './authPorts';
import { signUpError, signUpFailureMessage } from './signUpValidation';

export function RegisterPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isLoading, setLoading] = useState(false);
  const { register, afterSignUp } = useAuthPorts();
  const narrow = useIsNarrow();

  // Our rules run on the button's click, before the browser's own email-format check on submit,
  // so an empty form gets the spec's message rather than a native bubble.
  const checkRules = (event: MouseEvent<HTMLButtonElement>) => {
    const problem = signUpError({ email, password, repeat });
    setError(problem);
    if (problem) event.preventDefault();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setLoading(true);
    try {
      await register({ email: email.trim(), password });
    } catch (failure) {
      setError(signUpFailureMessage(failure));
      setLoading(false);
      return;
    }
    await afterSignUp();
  };

  const errorArea = error && <ErrorText>{error}</ErrorText>;

  return (
    <AuthLayout
      title="Sign Up"
      intro={
        <>
          <p>
            <strong>Slow and steady wins the race!</strong>
          </p>
          <p>Sign up on our app to track your language learning progress nice and easy...</p>
        </>
      }
    >
      <form onSubmit={onSubmit} aria-label="Sign Up">
        {!narrow && errorArea}
        <AuthField id="email" label="Email" type="email" value={email} onChange={setEmail} placeholder={EMAIL_PLACEHOLDER} autoComplete="email" />
        <AuthField id="password" label="Password" type="password" value={password} onChange={setPassword} autoComplete="new-password" />
        <AuthField id="repeat-password" label="Re-enter Password" type="password" value={repeat} onChange={setRepeat} autoComplete="new-password" />
        {narrow && errorArea}
        <Button type="submit" $fullWidth disabled={isLoading} onClick={checkRules}>
          Sign Up
        </Button>
      </form>
      <SwitchLink>
        <AuthLink to={paths.login}>Already have an account?</AuthLink>
      </SwitchLink>
    </AuthLayout>
  );
}
