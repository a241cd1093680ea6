import type { FormEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { Button, IconButton } from '@/components/Button';
import { Card } from '@/components/Card';
import { ErrorText } from '@/components/StatusMessage';
import { useIsNarrow } from '@/components/useIsNarrow';
import { useT } from '@/i18n/I18nProvider';
import { media } from '@/styles/media';
import { StepProgress } from './StepProgress';

interface OnboardingLayoutProps {
  step: 1 | 2 | 3;
  title: string;
  /** Omitted on the first step, which has nowhere to go back to. */
  onBack?: () => void;
  onNext: () => void;
  /** The last step: its button finishes sign-up (✓ on small screens) instead of going on (→). */
  last?: boolean;
  error?: string | null;
  busy?: boolean;
  children: ReactNode;
}

/** The frame of the three sign-up steps: progress, title, content, Back/Next (arrows on small screens). */
export function OnboardingLayout({ step, title, onBack, onNext, last = false, error, busy = false, children }: OnboardingLayoutProps) {
  const t = useT();
  const nextLabel = last ? t('onboarding.finish') : t('onboarding.next');
  const narrow = useIsNarrow();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onNext();
  };
  const titleId = `onboarding-step-${step}-title`;

  return (
    <Page>
      <StepCard as="form" onSubmit={submit} aria-labelledby={titleId}>
        <StepProgress step={step} />
        <h1 id={titleId}>{title}</h1>
        {error && <ErrorText>{error}</ErrorText>}
        {children}
        <Nav>
          {onBack &&
            (narrow ? (
              <IconButton aria-label={t('common.back')} onClick={onBack}>
                <span aria-hidden="true">←</span>
              </IconButton>
            ) : (
              <Button $variant="secondary" onClick={onBack}>
                {t('common.back')}
              </Button>
            ))}
          {narrow ? (
            <NextIcon type="submit" aria-label={nextLabel} disabled={busy}>
              <span aria-hidden="true">{last ? '✓' : '→'}</span>
            </NextIcon>
          ) : (
            <NextButton type="submit" disabled={busy}>
              {nextLabel}
            </NextButton>
          )}
        </Nav>
      </StepCard>
    </Page>
  );
}

const Page = styled.main`
  min-height: 100vh;
  min-height: 100dvh;
  display: flex;
  justify-content: center;
  align-items: flex-start;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.primaryFadedFrom};
  ${media.wide} {
    align-items: center;
    padding: ${({ theme }) => theme.space.xl};
  }
`;

const StepCard = styled(Card)`
  width: 100%;
  max-width: 520px;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  h1 {
    font-size: ${({ theme }) => theme.font.size.xl};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Nav = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const NextButton = styled(Button)`
  margin-left: auto;
`;

const NextIcon = styled(IconButton)`
  margin-left: auto;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  border-radius: ${({ theme }) => theme.radius.pill};
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.primaryHover};
  }
`;
