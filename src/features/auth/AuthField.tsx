import styled from 'styled-components';

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

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  label {
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  input {
    min-height: 44px;
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.colors.surface};
  }
`;

export const SwitchLink = styled.p`
  text-align: center;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** Example-shaped placeholder for email fields (spec 2). */
export const EMAIL_PLACEHOLDER = 'name@example.com';
