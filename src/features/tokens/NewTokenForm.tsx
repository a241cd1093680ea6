import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { TOKEN_EXPIRY_DAYS, TOKEN_NAME_MAX_LENGTH, type CreatedToken, type TokenExpiryDays, type TokenScope } from '@common/schemas/tokens';
import { useCreateAccessTokenMutation } from '@/api/apiSlice';
import { Button } from '@/components/Button';
import { ErrorText } from '@/components/StatusMessage';
import { ERRORS, messageFor, serverErrorCode } from '@/lib/errorMessages';
import { Field } from './fields';
import { expiryLabel, scopeLabel } from './tokenTexts';
import { useI18n } from '@/i18n/I18nProvider';

/** The message for a refused creation: the server's reasons the learner can act on, else the catalogue's. */
function createFailureMessage(failure: unknown): string {
  switch (serverErrorCode(failure)) {
    case 'INVALID_CREDENTIALS':
      return ERRORS.TOKEN_PASSWORD_WRONG;
    case 'TOO_MANY_TOKENS':
      return ERRORS.TOO_MANY_TOKENS;
    case 'RATE_LIMITED':
      return ERRORS.TOO_MANY_ATTEMPTS;
    case 'INVALID_INPUT':
      return (failure as { data?: { message?: string } }).data?.message ?? ERRORS.CREATE_TOKEN_ERROR;
    default:
      return messageFor(failure, 'CREATE_TOKEN_ERROR');
  }
}

/** Name, scope, expiry and the account's password (a stolen session alone cannot make a lasting key), then Create. */
export function NewTokenForm({ onCreated }: { onCreated: (token: CreatedToken) => void }) {
  const i18n = useI18n();
  const { t } = i18n;
  const id = useId();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('log');
  const [expiry, setExpiry] = useState<`${TokenExpiryDays}` | 'never'>('never');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateAccessTokenMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = name.trim() === '' ? t('tokens.form.nameEmpty') : password === '' ? t('tokens.form.passwordEmpty') : null;
    setError(problem);
    if (problem) return;
    try {
      const expiresInDays = expiry === 'never' ? null : (Number(expiry) as TokenExpiryDays);
      const created = await create({ name: name.trim(), scope, password, expiresInDays }).unwrap();
      setName('');
      setPassword('');
      onCreated(created);
    } catch (failure) {
      setError(createFailureMessage(failure));
    }
  };

  return (
    <Form onSubmit={onSubmit} aria-label={t('tokens.form.label')} noValidate>
      {error && <ErrorText>{error}</ErrorText>}
      <Field>
        <label htmlFor={`${id}-name`}>{t('tokens.form.name')}</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={TOKEN_NAME_MAX_LENGTH}
          placeholder={t('tokens.form.namePlaceholder')}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <Field>
        <label htmlFor={`${id}-scope`}>{t('tokens.form.scope')}</label>
        <select id={`${id}-scope`} value={scope} onChange={(e) => setScope(e.target.value as TokenScope)} aria-describedby={`${id}-scope-help`}>
          <option value="log">{scopeLabel(i18n, 'log')}</option>
          <option value="read">{scopeLabel(i18n, 'read')}</option>
        </select>
        <Help id={`${id}-scope-help`}>
          {scope === 'log' ? t('tokens.form.scopeLogHelp') : t('tokens.form.scopeReadHelp')}
        </Help>
      </Field>
      <Field>
        <label htmlFor={`${id}-expiry`}>{t('tokens.expiry.label')}</label>
        <select
          id={`${id}-expiry`}
          value={expiry}
          onChange={(e) => setExpiry(e.target.value as `${TokenExpiryDays}` | 'never')}
          aria-describedby={`${id}-expiry-help`}
        >
          {TOKEN_EXPIRY_DAYS.map((days) => (
            <option key={days} value={String(days)}>
              {expiryLabel(i18n, `${days}`)}
            </option>
          ))}
          <option value="never">{expiryLabel(i18n, 'never')}</option>
        </select>
        <Help id={`${id}-expiry-help`}>{t('tokens.expiry.help')}</Help>
      </Field>
      <Field>
        <label htmlFor={`${id}-password`}>{t('tokens.form.password')}</label>
        <input id={`${id}-password`} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <div>
        <Button type="submit" disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? t('tokens.form.creating') : t('tokens.form.create')}
        </Button>
      </div>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  max-width: 420px;
`;

const Help = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
