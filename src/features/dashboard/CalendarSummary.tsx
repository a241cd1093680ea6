import styled from 'styled-components';
import { useT } from '@/i18n/I18nProvider';
import { useGetMonthTotalQuery, useGetProgressQuery } from '@/api/apiSlice';
import { FailureNotice } from '@/components/FailureNotice';
import { Loading } from '@/components/StatusMessage';
import { formatMonthTitle, monthKey, type YearMonth } from '@/lib/calendar';
import { levelDescription, levelZeroText } from '@/lib/levelDescriptions';
import { formatHoursLong } from '@/lib/time';

/** Beside the calendar: the learner's level and the shown month's total in whole hours (spec 2). */
export function CalendarSummary({ month }: { month: YearMonth }) {
  const t = useT();
  const progress = useGetProgressQuery();
  const monthTotal = useGetMonthTotalQuery(monthKey(month));
  const level = progress.data?.currentLevel ?? 0;

  return (
    <Side>
      <Box>
        {progress.isLoading && <Loading />}
        <FailureNotice reads={[progress]} />
        {progress.data && (
          <>
            <Big>{t('dashboard.level.title', { level })}</Big>
            <Small>{levelDescription(level)?.title ?? levelZeroText()}</Small>
          </>
        )}
      </Box>
      <Box>
        <FailureNotice reads={[monthTotal]} />
        {!monthTotal.isError && !monthTotal.currentData && <Loading />}
        {monthTotal.currentData && (
          <Total>
            {t('dashboard.calendar.monthTotal', { month: formatMonthTitle(month), hours: formatHoursLong(Math.floor(monthTotal.currentData.monthlyTotalMins / 60)) })}
          </Total>
        )}
      </Box>
    </Side>
  );
}

const Side = styled.div`
  display: flex;
  flex: 1 1 160px;
  flex-wrap: wrap;
  align-content: flex-start;
  gap: ${({ theme }) => theme.space.sm};
`;

const Box = styled.div`
  flex: 1 1 140px;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  display: flex;
  flex-direction: column;
  justify-content: center;
  background: ${({ theme }) => theme.colors.primaryLight};
  text-align: center;
`;

const Big = styled.p`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  color: ${({ theme }) => theme.colors.primary};
`;

const Total = styled.p`
  font-weight: ${({ theme }) => theme.font.weight.bold};
  color: ${({ theme }) => theme.colors.primary};
`;

const Small = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;
