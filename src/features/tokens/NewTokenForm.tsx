import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { TOKEN_EXPIRY_DAYS, TOKEN_NAME_MAX_LENGTH, type CreatedToken, type TokenExpiryDays, type TokenScope } from '@common/schemas/tokens';
import { useCreateAccessTokenMutation } from '@/api/apiSlice';
import { Button } from '@/components/Button';
import { ErrorText } from '@/components/StatusMessage';
import { ERRORS, messageFor, serverErrorCode } from '@/lib/errorMessages';
import { Field } from './fields';
import { EXPIRY_HELP, EXPIRY_LABEL, EXPIRY_LABELS, SCOPE_LABELS } from './tokenTexts';

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
  const id = useId();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('log');
  const [expiry, setExpiry] = useState<`${TokenExpiryDays}` | 'never'>('never');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateAccessTokenMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = name.trim() === '' ? 'Give the token a name, so you know later which tool uses it' : password === '' ? 'Enter your password to continue' : null;
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
    <Form onSubmit={onSubmit} aria-label="Create an access token" noValidate>
      {error && <ErrorText>{error}</ErrorText>}
      <Field>
        <label htmlFor={`${id}-name`}>Token name</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={TOKEN_NAME_MAX_LENGTH}
          placeholder="Anki on my laptop"
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <Field>
        <label htmlFor={`${id}-scope`}>What it may do</label>
        <select id={`${id}-scope`} value={scope} onChange={(e) => setScope(e.target.value as TokenScope)} aria-describedby={`${id}-scope-help`}>
          <option value="log">{SCOPE_LABELS.log}</option>
          <option value="read">{SCOPE_LABELS.read}</option>
        </select>
        <Help id={`${id}-scope-help`}>
          {scope === 'log' ? 'Reads your progress, adds and edits minutes, runs the timer.' : 'Reads your progress only.'} Never your settings
          or your account.
        </Help>
      </Field>
      <Field>
        <label htmlFor={`${id}-expiry`}>{EXPIRY_LABEL}</label>
        <select
          id={`${id}-expiry`}
          value={expiry}
          onChange={(e) => setExpiry(e.target.value as `${TokenExpiryDays}` | 'never')}
          aria-describedby={`${id}-expiry-help`}
        >
          {TOKEN_EXPIRY_DAYS.map((days) => (
            <option key={days} value={String(days)}>
              {EXPIRY_LABELS[`${days}`]}
            </option>
          ))}
          <option value="never">{EXPIRY_LABELS.never}</option>
        </select>
        <Help id={`${id}-expiry-help`}>{EXPIRY_HELP}</Help>
      </Field>
      <Field>
        <label htmlFor={`${id}-password`}>Your password</label>
        <input id={`${id}-password`} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <div>
        <Button type="submit" disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? 'Creating...' : 'Create'}
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
