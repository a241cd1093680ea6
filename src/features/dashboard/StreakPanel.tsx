import { useId } from 'react';
import styled from 'styled-components';
import { useT } from '@/i18n/I18nProvider';
import { useGetCalendarSummaryQuery, useGetMonthActivitiesQuery } from '@/api/apiSlice';
import { useLearnerToday } from '@/api/useLearnerToday';
import { Card } from '@/components/Card';
import { Emoji } from '@/components/Emoji';
import { Mascot } from '@/components/Mascot';
import { FailureNotice } from '@/components/FailureNotice';
import { Loading } from '@/components/StatusMessage';
import { monthOf } from '@/lib/calendar';
import { achievedDaysThisMonth, daysBefore, keepRunText, streakHeadline, streakText } from '@/lib/streakTexts';
import { media } from '@/styles/media';

/**
 * The streak (from the server's calendar summary) and how many days this month hit the goal.
 * While the streak is 0 (today not achieved yet), yesterday's run is asked for too, so the
 * panel can say what today's goal would keep.
 */
export function StreakPanel() {
  const t = useT();
  const headlineId = useId();
  const today = useLearnerToday();
  const summary = useGetCalendarSummaryQuery(today);
  const month = useGetMonthActivitiesQuery(monthOf(today));
  const yesterday = useGetCalendarSummaryQuery(daysBefore(today, 1), { skip: summary.data?.streakDays !== 0 });

  if (summary.isError || month.isError) {
    return (
      <Panel aria-label={t('dashboard.streak.label')}>
        <FailureNotice reads={[summary, month]} />
      </Panel>
    );
  }
  if (!summary.data || !month.data) return <Panel aria-label={t('dashboard.streak.label')}><Loading /></Panel>;

  const streak = summary.data.streakDays;
  const runUpToYesterday = streak === 0 ? (yesterday.data?.streakDays ?? 0) : 0;
  return (
    <Panel aria-labelledby={headlineId}>
      <Text>
        <Headline id={headlineId}>
          <Emoji kind={streak > 0 ? 'happy' : 'sad'} /> {streakHeadline(streak)}
        </Headline>
        <p>{streakText(streak)}</p>
        {runUpToYesterday > 0 && <p>{keepRunText(runUpToYesterday)}</p>}
        <Muted>{t('dashboard.streak.thisMonth', { days: achievedDaysThisMonth(month.data, today) })}</Muted>
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
