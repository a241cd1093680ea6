import { useId } from 'react';
import styled from 'styled-components';
import { localIsoDate } from '@common/domain';
import { useGetActivitiesQuery } from '@/app/apiSlice';
import { Card } from '@/components/Card';
import { Emoji } from '@/components/Emoji';
import { Mascot } from '@/components/Mascot';
import { ErrorText, Loading } from '@/components/StatusMessage';
import { messageFor } from '@/lib/errorMessages';
import { achievedDaysThisMonth, currentStreak, dayCount, streakHeadline, streakText } from '@/lib/streak';
import { media } from '@/styles/media';

/** The streak (consecutive achieved days ending today) and how many days this month hit the goal. */
export function StreakPanel() {
  const headlineId = useId();
  const activities = useGetActivitiesQuery();
  const today = localIsoDate();

  if (activities.isLoading) return <Panel aria-label="Streak"><Loading /></Panel>;
  if (!activities.data) {
    return (
      <Panel aria-label="Streak">
        <ErrorText>{messageFor(activities.error, 'GET_ACTIVITY_ERROR')}</ErrorText>
      </Panel>
    );
  }

  const streak = currentStreak(activities.data, today);
  const monthDays = achievedDaysThisMonth(activities.data, today);
  return (
    <Panel aria-labelledby={headlineId}>
      <Text>
        <Headline id={headlineId}>
          <Emoji kind={streak > 0 ? 'happy' : 'sad'} /> {streakHeadline(streak)}
        </Headline>
        <p>{streakText(streak)}</p>
        <Muted>Daily goal reached on {dayCount(monthDays)} this month.</Muted>
      </Text>
      <MascotImage size={96} />
    </Panel>
  );
}

const Panel = styled(Card)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

const Text = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`;

const Headline = styled.h2`
  font-size: ${({ theme }) => theme.font.size.xl};
  color: ${({ theme }) => theme.colors.primary};
`;

const Muted = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const MascotImage = styled(Mascot)`
  flex-shrink: 0;
  ${media.narrow} {
    width: 72px;
    height: 72px;
  }
`;
