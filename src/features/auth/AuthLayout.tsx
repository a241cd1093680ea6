import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Mascot } from '@/components/Mascot';
import { media } from '@/styles/media';

/** The purple-faded full-height backdrop shared by the landing, sign-up and sign-in pages. */
export const FadedPage = styled.main`
  min-height: 100vh;
  min-height: 100dvh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
  background: linear-gradient(
    180deg,
    ${({ theme }) => theme.colors.primaryFadedFrom} 0%,
    ${({ theme }) => theme.colors.primaryFadedTo} 100%
  );
`;

interface AuthLayoutProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** A centred card with the mascot, a page title and the form. */
export function AuthLayout({ title, intro, children }: AuthLayoutProps) {
  return (
    <FadedPage>
      <Panel>
        <Mascot size={88} />
        <h1>{title}</h1>
        {intro}
        {children}
      </Panel>
    </FadedPage>
  );
}

const Panel = styled.div`
  width: 100%;
  max-width: 420px;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.card};
  text-align: center;
  ${media.wide} {
    padding: ${({ theme }) => theme.space.xl};
  }
  h1 {
    font-size: ${({ theme }) => theme.font.size.xxl};
    color: ${({ theme }) => theme.colors.primary};
  }
  form {
    width: 100%;
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.md};
    text-align: left;
  }
`;
