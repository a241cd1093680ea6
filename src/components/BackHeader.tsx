import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ButtonLink } from '@/components/ButtonLink';

/** The header of a page reached from the dashboard (Settings, Insights): '← Back' to `to`, then the page's title. */
export function BackHeader({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Header>
      <ButtonLink to={to} $variant="ghost">
        <span aria-hidden="true">←</span>
        Back
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
