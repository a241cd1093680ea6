import { useState } from 'react';
import type { FormEvent, MouseEvent } from 'react';
import { paths } from '@/api/paths';
import { Button } from '@/components/Button';
import { ErrorText } from '@/components/StatusMessage';
import { useIsNarrow } from '@/components/useIsNarrow';
import { useT } from '@/i18n/I18nProvider';
import { storedLocaleChoice } from '@/i18n/startLocale';
import { isLocaleTag } from '@common/locales';
import { AuthField, emailPlaceholder, SwitchLink } from './AuthField';
import { AuthLayout } from './AuthLayout';
import { AuthLink, useAuthPorts } from './authPorts';
import { signUpError, signUpFailureMessage } from './signUpValidation';

export function RegisterPage() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isLoading, setLoading] = useState(false);
  const { register, afterSignUp, preferences } = useAuthPorts();
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
    // The device's zone, and the App language chosen on this device before signing up, go to the new account.
    const chosen = storedLocaleChoice();
    await preferences(isLocaleTag(chosen) ? chosen : undefined);
    await afterSignUp();
  };

  const errorArea = error && <ErrorText>{error}</ErrorText>;

  return (
    <AuthLayout
      title={t('auth.signUp.title')}
      intro={
        <>
          <p>
            <strong>{t('auth.signUp.slogan')}</strong>
          </p>
          <p>{t('auth.signUp.intro')}</p>
        </>
      }
    >
      <form onSubmit={onSubmit} aria-label={t('auth.signUp.title')}>
        {!narrow && errorArea}
        <AuthField id="email" label={t('auth.field.email')} type="email" value={email} onChange={setEmail} placeholder={emailPlaceholder(t)} autoComplete="email" />
        <AuthField id="password" label={t('auth.field.password')} type="password" value={password} onChange={setPassword} autoComplete="new-password" />
        <AuthField id="repeat-password" label={t('auth.field.repeatPassword')} type="password" value={repeat} onChange={setRepeat} autoComplete="new-password" />
        {narrow && errorArea}
        <Button type="submit" $fullWidth disabled={isLoading} onClick={checkRules}>
          {t('auth.signUp.submit')}
        </Button>
      </form>
      <SwitchLink>
        <AuthLink to={paths.login}>{t('auth.signUp.haveAccount')}</AuthLink>
      </SwitchLink>
    </AuthLayout>
  );
}
