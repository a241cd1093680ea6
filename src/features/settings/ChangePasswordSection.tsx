import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { FieldStack } from '@/components/FieldStack';
import { COMMON_PASSWORD_MESSAGE } from '@common/domain';
import { useChangePasswordMutation } from '@/api/apiSlice';
import { Button } from '@/components/Button';
import { Card, PanelTitle } from '@/components/Card';
import { PasswordRules } from '@/components/PasswordRules';
import { ErrorText, SuccessText } from '@/components/StatusMessage';
import { ERRORS, messageFor, serverErrorCode } from '@/lib/errorMessages';
import { newPasswordError } from '@/lib/newPassword';

import { useT } from '@/i18n/I18nProvider';
import { PASSWORD_TEXTS } from './passwordTexts';

/** The message for a refused change: the server's reasons the learner can act on, else the catalogue's. */
function changeFailureMessage(failure: unknown): string {
  switch (serverErrorCode(failure)) {
    case 'INVALID_CREDENTIALS':
      return ERRORS.CURRENT_PASSWORD_WRONG;
    case 'RATE_LIMITED':
      return ERRORS.TOO_MANY_ATTEMPTS;
    case 'COMMON_PASSWORD':
      return COMMON_PASSWORD_MESSAGE;
    case 'INVALID_INPUT':
      return (failure as { data?: { message?: string } }).data?.message ?? ERRORS.CHANGE_PASSWORD_ERROR;
    default:
      return messageFor(failure, 'CHANGE_PASSWORD_ERROR');
  }
}

/**
 * Settings' "Change password" (contract, fourth and fifth editions): this device stays signed in, every other one is
 * signed out; with "Also sign out my tools and reminders" (on by default) every access token and push subscription ends too.
 */
export function ChangePasswordSection() {
  const t = useT();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [endEverything, setEndEverything] = useState(true);
  /** What the last successful change ended, said once it is done (null: none yet). */
  const [changed, setChanged] = useState<string | null>(null);
  const [change, { isLoading }] = useChangePasswordMutation();
  const resultRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (changed) resultRef.current?.focus();
  }, [changed]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChanged(null);
    const problem = current === '' ? t('settings.password.enterCurrent') : newPasswordError(password, repeat);
    setError(problem);
    if (problem) return;
    try {
      await change({ currentPassword: current, newPassword: password, endEverything }).unwrap();
    } catch (failure) {
      setError(changeFailureMessage(failure));
      return;
    }
    setCurrent('');
    setPassword('');
    setRepeat('');
    setChanged(t(endEverything ? PASSWORD_TEXTS.CHANGED_ENDED_EVERYTHING : PASSWORD_TEXTS.CHANGED));
  };

  return (
    <Card aria-labelledby="settings-password-title">
      <PanelTitle id="settings-password-title">{t('settings.password.title')}</PanelTitle>
      <Form onSubmit={onSubmit} aria-label={t('settings.password.title')} noValidate>
        {error && <ErrorText>{error}</ErrorText>}
        <Field>
          <label htmlFor="current-password">{t('settings.password.current')}</label>
          <input id="current-password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
        </Field>
        <NewPasswordField id="settings-new-password" label={t('settings.password.new')} value={password} onChange={setPassword} />
        <NewPasswordField id="settings-repeat-password" label={t('settings.password.repeat')} value={repeat} onChange={setRepeat} />
        <PasswordRules id="settings-password-rules" password={password} repeat={repeat} />
        <Check>
          <input
            id="settings-end-everything"
            type="checkbox"
            checked={endEverything}
            onChange={(e) => setEndEverything(e.target.checked)}
            aria-describedby="settings-end-everything-help"
          />
          <span>
            <label htmlFor="settings-end-everything">{t(PASSWORD_TEXTS.END_EVERYTHING)}</label>
            <Help id="settings-end-everything-help">{t(PASSWORD_TEXTS.END_EVERYTHING_HELP)}</Help>
          </span>
        </Check>
        <div>
          <Button type="submit" disabled={isLoading}>
            {isLoading ? t('settings.password.saving') : t('settings.password.title')}
          </Button>
        </div>
        <SuccessText ref={resultRef} tabIndex={-1}>
          {changed ?? ''}
        </SuccessText>
      </Form>
    </Card>
  );
}

/** A new password's field, described by the password rules below both. */
function NewPasswordField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="password" autoComplete="new-password" aria-describedby="settings-password-rules" value={value} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  max-width: 420px;
`;

const Field = FieldStack;

const Check = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  input {
    margin-top: 0.3em;
  }
`;

const Help = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
