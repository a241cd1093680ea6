import styled from 'styled-components';
import type { CalendarSummary } from '@common/schemas/calendar';
import { ErrorText } from '@/components/StatusMessage';
import { formatLongDate } from '@/lib/calendar';
import { ERRORS } from '@/lib/errorMessages';
import { formatHm, plural } from '@/lib/time';
import type { DailyFigures } from './insightsMaths';

const percent = (part: number, whole: number) => (whole ? Math.round((100 * part) / whole) : 0);

interface DailyHabitsProps {
  figures: DailyFigures;
  summary: CalendarSummary | undefined;
  summaryFailed: boolean;
}

/** Average, goal share, streaks and best day as a list of named figures. */
export function DailyHabits({ figures, summary, summaryFailed }: DailyHabitsProps) {
  const { averagePerActiveDay, goal30, goal90, bestDay } = figures;
  return (
    <Figures>
      <div>
        <dt>Average per active day (90 days)</dt>
        <dd>{averagePerActiveDay === null ? 'No time logged yet' : formatHm(averagePerActiveDay)}</dd>
      </div>
      <div>
        <dt>Goal reached, last 30 days</dt>
        <dd>
          {percent(goal30.achieved, goal30.days)}% ({goal30.achieved} of {plural(goal30.days, 'day')})
        </dd>
      </div>
      <div>
        <dt>Goal reached, last 90 days</dt>
        <dd>
          {percent(goal90.achieved, goal90.days)}% ({goal90.achieved} of {plural(goal90.days, 'day')})
        </dd>
      </div>
      <div>
        <dt>Current streak</dt>
        <dd>{summary ? plural(summary.streakDays, 'day') : summaryFailed ? <ErrorText as="span">{ERRORS.GET_CALENDAR_SUMMARY_ERROR}</ErrorText> : 'Loading...'}</dd>
      </div>
      <div>
        <dt>Longest streak</dt>
        <dd>{summary ? plural(summary.longestStreakDays, 'day') : summaryFailed ? '-' : 'Loading...'}</dd>
      </div>
      <div>
        <dt>Best day (90 days)</dt>
        <dd>{bestDay ? `${formatLongDate(bestDay.date)}, ${formatHm(bestDay.minutes)}` : 'No time logged yet'}</dd>
      </div>
    </Figures>
  );
}

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 200px), 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  div {
    padding: ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
  }
  dt {
    font-size: ${({ theme }) => theme.font.size.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: ${({ theme }) => theme.space.xs} 0 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;
