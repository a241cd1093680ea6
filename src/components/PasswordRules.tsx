import styled from 'styled-components';
import { newPasswordRules } from '@/lib/newPassword';
import { VALIDATION } from '@/lib/errorMessages';
import { visuallyHidden } from '@/styles/visuallyHidden';
import { useT } from '@/i18n/I18nProvider';

interface PasswordRulesProps {
  id: string;
  password: string;
  repeat: string;
}

/**
 * Sign-up's password rules under a new password's fields, each marked kept or not as the learner
 * types. The fields name it with aria-describedby; it is polite live text, so a screen reader hears
 * a rule change without losing its place.
 */
export function PasswordRules({ id, password, repeat }: PasswordRulesProps) {
  const t = useT();
  const { lengthOk, matches } = newPasswordRules(password, repeat);
  return (
    <Rules id={id} aria-live="polite">
      <Rule $ok={lengthOk}>
        <span aria-hidden="true">{lengthOk ? '✓' : '•'}</span> {VALIDATION.PASSWORD_LENGTH}
        <Hidden>{lengthOk ? t('components.passwordRules.done') : t('components.passwordRules.notYet')}</Hidden>
      </Rule>
      {matches === false && (
        <Rule $ok={false}>
          <span aria-hidden="true">•</span> {VALIDATION.PASSWORDS_DIFFER}
        </Rule>
      )}
      {matches === true && (
        <Rule $ok>
          <span aria-hidden="true">✓</span> {t('components.passwordRules.match')}
        </Rule>
      )}
    </Rules>
  );
}

const Rules = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.sm};
  text-align: left;
`;

const Rule = styled.li<{ $ok: boolean }>`
  color: ${({ theme, $ok }) => ($ok ? theme.colors.success : theme.colors.textMuted)};
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;
