import { useState } from 'react';
import type { FormEvent, MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { apiSlice, useRegisterMutation } from '@/api/apiSlice';
import { useAppDispatch } from '@/api/hooks';
import { paths } from '@/api/paths';
import { Button } from '@/components/Button';
import { ErrorText } from '@/components/StatusMessage';
import { useIsNarrow } from '@/components/useIsNarrow';
import { useT } from '@/i18n/I18nProvider';
import { storedLocaleChoice } from '@/i18n/startLocale';
import { preferencesAtSignIn } from '@/api/preferences';
import { isLocaleTag } from '@common/locales';
import { AuthField, emailPlaceholder, SwitchLink } from './AuthField';
import { AuthLayout } from './AuthLayout';
import { signUpError, signUpFailureMessage } from './signUpValidation';

export function RegisterPage() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [register, { isLoading }] = useRegisterMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
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
    try {
      await register({ email: email.trim(), password }).unwrap();
    } catch (failure) {
      setError(signUpFailureMessage(failure));
      return;
    }
    // The device's zone, and the App language chosen on this device before signing up, go to the new account.
    const chosen = storedLocaleChoice();
    await dispatch(preferencesAtSignIn(isLocaleTag(chosen) ? chosen : undefined));
    // The language step opens with its list ready (spec 2).
    await dispatch(apiSlice.endpoints.getLanguages.initiate(undefined, { subscribe: false }));
    navigate(paths.registerLanguage, { replace: true });
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
        <Link to={paths.login}>{t('auth.signUp.haveAccount')}</Link>
      </SwitchLink>
    </AuthLayout>
  );
}
