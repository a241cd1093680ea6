import { localIsoDate } from '@common/domain';
import { useGetCalendarSummaryQuery, useGetProgressQuery, useGetStatsQuery } from '@/app/apiSlice';
import { insightsRanges } from './insightsMaths';

// The view is visited now and then: each visit reads fresh numbers rather than minutes-old cache.
const fresh = { refetchOnMountOrArgChange: true } as const;

/** Every read of the Insights view, for the current language and the learner's today. */
export function useInsightsData() {
  const today = localIsoDate();
  const ranges = insightsRanges(today);
  const weeks = useGetStatsQuery(ranges.weeks, fresh);
  const months = useGetStatsQuery(ranges.months, fresh);
  const days = useGetStatsQuery(ranges.days, fresh);
  const summary = useGetCalendarSummaryQuery(today, fresh);
  const progress = useGetProgressQuery();
  const main = [weeks, months, days, progress];
  return {
    weeks: weeks.data,
    months: months.data,
    days: days.data,
    progress: progress.data,
    summary: summary.data,
    summaryFailed: summary.isError,
    failed: main.some((q) => q.isError),
    loading: main.some((q) => !q.data),
  };
}
