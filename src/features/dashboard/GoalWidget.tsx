import styled from 'styled-components';
import { useDailyMinutesQuery, useGetDailyGoalQuery } from '@/api/apiSlice';
import { useLearnerToday } from '@/api/useLearnerToday';
import { ProgressBar } from '@/components/ProgressBar';
import { FailureNotice } from '@/components/FailureNotice';
import { useT } from '@/i18n/I18nProvider';
import { goalMessage } from '@/lib/goalMessage';
import { formatHm } from '@/lib/time';

/** Today's total against the daily goal, with the goal message (spec 2, 4). */
export function GoalWidget() {
  const t = useT();
  const goal = useGetDailyGoalQuery();
  const today = useDailyMinutesQuery(useLearnerToday());

  if (goal.isError || today.isError) return <FailureNotice reads={[goal, today]} />;
  if (!goal.data || !today.data) {
    // The loaded widget's rows with the bar held invisible: the panels below stay put when the numbers arrive (no layout shift).
    return (
      <Widget>
        <Row>
          <span>{t('dashboard.goal.label')}</span>
        </Row>
        <Hidden aria-hidden="true">
          <ProgressBar value={0} max={1} label={t('dashboard.goal.label')} />
        </Hidden>
        <Message role="status">{t('common.loading')}</Message>
      </Widget>
    );
  }

  const goalMins = goal.data.dailyGoalMinutes;
  const doneMins = today.data.totalDailyMins ?? 0;
  // The bar stops at the goal (spec 5); the text says what was really done, e.g. '2h 50m / 1h 0m'.
  const shownDone = formatHm(doneMins);
  return (
    <Widget>
      <Row>
        <span>{t('dashboard.goal.label')}</span>
        <span>{t('dashboard.goal.doneOfTarget', { done: shownDone, target: formatHm(goalMins) })}</span>
      </Row>
      {/* Any progress shows: the threshold of spec 5 is the level bar's (10 minutes of a 12-hour goal is a sliver, not an empty bar). */}
      <ProgressBar value={doneMins} max={goalMins} label={t('dashboard.goal.label')}
        minVisibleRatio={0}
        valueText={t('dashboard.goal.valueText', { done: shownDone, target: formatHm(goalMins) })} />
      <Message aria-live="polite">{goalMessage(goalMins, doneMins)}</Message>
    </Widget>
  );
}

const Widget = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  width: 100%;
  min-width: 0;
`;

const Row = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Message = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Hidden = styled.div`
  visibility: hidden;
`;
