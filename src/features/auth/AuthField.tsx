import styled from 'styled-components';
import { FieldStack } from '@/components/FieldStack';
import { paths } from '@/api/paths';
import { useT } from '@/i18n/I18nProvider';
import { AuthLink } from './authPorts';

interface AuthFieldProps {
  id: string;
  label: string;
  type: 'email' | 'password';
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  autoComplete: string;
  /** The id of a text that explains the field (a new password's rules). */
  describedBy?: string;
}

/** A labelled email or password field of the sign-up and sign-in forms. */
export function AuthField({ id, label, type, value, onChange, placeholder, autoComplete, describedBy }: AuthFieldProps) {
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        placeholder={placeholder}
        autoComplete={autoComplete}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

const Field = FieldStack;

export const SwitchLink = styled.p`
  text-align: center;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** The way back from the password pages to /login. */
export function BackToSignIn() {
  const t = useT();
  return (
    <SwitchLink>
      <AuthLink to={paths.login}>{t('auth.backToSignIn')}</AuthLink>
    </SwitchLink>
  );
}

/** Example-shaped placeholder for email fields (spec 2), as the locale writes an address. */
export const emailPlaceholder = (t: (key: string) => string) => t('auth.field.emailPlaceholder');
