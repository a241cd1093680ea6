import styled from 'styled-components';
import type { CalendarSummary } from '@common/schemas/calendar';
import { ErrorText } from '@/components/StatusMessage';
import { ERRORS } from '@/lib/errorMessages';
import { formatHm } from '@/lib/time';
import { useI18n } from '@/i18n/I18nProvider';
import type { DailyFigures } from './insightsMaths';

/** A whole percentage as a fraction, for the locale's percent format ('50%', '50 %'). */
const share = (part: number, whole: number) => (whole ? Math.round((100 * part) / whole) / 100 : 0);

interface DailyHabitsProps {
  figures: DailyFigures;
  summary: CalendarSummary | undefined;
  summaryFailed: boolean;
}

/** Average, goal share, streaks and best day as a list of named figures. */
export function DailyHabits({ figures, summary, summaryFailed }: DailyHabitsProps) {
  const { averagePerActiveDay, goal30, goal90, bestDay } = figures;
  const { t, formatDate } = useI18n();
  const days = (count: number) => t('insights.habits.days', { count });
  const loading = t('common.loading');
  const noTime = t('insights.habits.noTime');
  const goal = (g: { achieved: number; days: number }) => t('insights.habits.goalShare', { share: share(g.achieved, g.days), achieved: g.achieved, days: g.days });
  return (
    <Figures>
      <div>
        <dt>{t('insights.habits.average')}</dt>
        <dd>{averagePerActiveDay === null ? noTime : formatHm(averagePerActiveDay)}</dd>
      </div>
      <div>
        <dt>{t('insights.habits.goal30')}</dt>
        <dd>{goal(goal30)}</dd>
      </div>
      <div>
        <dt>{t('insights.habits.goal90')}</dt>
        <dd>{goal(goal90)}</dd>
      </div>
      <div>
        <dt>{t('insights.habits.currentStreak')}</dt>
        <dd>{summary ? days(summary.streakDays) : summaryFailed ? <ErrorText as="span">{ERRORS.GET_CALENDAR_SUMMARY_ERROR}</ErrorText> : loading}</dd>
      </div>
      <div>
        <dt>{t('insights.habits.longestStreak')}</dt>
        <dd>{summary ? days(summary.longestStreakDays) : summaryFailed ? '-' : loading}</dd>
      </div>
      <div>
        <dt>{t('insights.habits.bestDay')}</dt>
        <dd>{bestDay
            ? t('insights.habits.bestDayValue', {
                date: formatDate(new Date(`${bestDay.date}T00:00:00Z`), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
                duration: formatHm(bestDay.minutes),
              })
            : noTime}</dd>
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
