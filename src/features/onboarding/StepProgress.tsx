import styled from 'styled-components';
import { useT } from '@/i18n/I18nProvider';

/** Sign-up has three steps (spec 9): language, goal, previous time. */
const SIGN_UP_STEPS = 3;

/** The three-segment progress bar with a readable 'Step N of 3'. */
export function StepProgress({ step }: { step: number }) {
  const t = useT();
  const text = t('onboarding.progress.step', { step, steps: SIGN_UP_STEPS });
  return (
    <Wrapper>
      <Segments
        role="progressbar"
        aria-label={t('onboarding.progress.label')}
        aria-valuemin={1}
        aria-valuemax={SIGN_UP_STEPS}
        aria-valuenow={step}
        aria-valuetext={text}
      >
        {Array.from({ length: SIGN_UP_STEPS }, (_, i) => (
          <Segment key={i} $done={i < step} />
        ))}
      </Segments>
      <StepText aria-hidden="true">{text}</StepText>
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Segments = styled.div`
  display: grid;
  grid-template-columns: repeat(${SIGN_UP_STEPS}, 1fr);
  gap: ${({ theme }) => theme.space.xs};
`;

const Segment = styled.span<{ $done: boolean }>`
  height: 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme, $done }) => ($done ? theme.colors.primary : theme.colors.primaryLight)};
`;

const StepText = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;
