import { useGetCalendarSummaryQuery, useGetProgressQuery, useGetStatsQuery } from '@/api/apiSlice';
import { useLearnerToday } from '@/api/useLearnerToday';
import { isNetworkError } from '@/lib/errorMessages';
import { insightsRanges } from './insightsMaths';

/** Every read of the Insights view, for the current language and the learner's today. */
export function useInsightsData() {
  const today = useLearnerToday();
  const ranges = insightsRanges(today);
  const weeks = useGetStatsQuery(ranges.weeks);
  const months = useGetStatsQuery(ranges.months);
  const days = useGetStatsQuery(ranges.days);
  const summary = useGetCalendarSummaryQuery(today);
  const progress = useGetProgressQuery();
  const main = [weeks, months, days, progress];
  return {
    today,
    weeks: weeks.data,
    months: months.data,
    days: days.data,
    progress: progress.data,
    summary: summary.data,
    summaryFailed: summary.isError,
    /** The main reads, for the failure notice (their catalogue texts and 'Try again'). */
    reads: main,
    failed: main.some((q) => q.isError),
    /** A read got no answer at all (no network, the server out of reach). */
    unreachable: main.some((q) => q.isError && isNetworkError(q.error)),
    loading: main.some((q) => !q.data),
  };
}
