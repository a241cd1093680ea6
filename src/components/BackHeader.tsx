import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ButtonLink } from '@/components/ButtonLink';
import { useI18n } from '@/i18n/I18nProvider';

/** The header of a page reached from the dashboard (Settings, Insights): '← Back' to `to`, then the page's title. */
export function BackHeader({ to, children }: { to: string; children: ReactNode }) {
  const { t, dir } = useI18n();
  return (
    <Header>
      <ButtonLink to={to} $variant="ghost">
        {/* The arrow points the way back: to the start of the line, the right in a right-to-left page. */}
        <span aria-hidden="true">{dir === 'rtl' ? '→' : '←'}</span>
        {t('common.back')}
      </ButtonLink>
      <h1>{children}</h1>
    </Header>
  );
}

const Header = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;
