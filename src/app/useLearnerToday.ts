import { useCallback, useSyncExternalStore } from 'react';
import { DEFAULT_DAY_ENDS_AT_HOUR } from '@common/schemas/dayBoundary';
import { useGetDayBoundaryQuery } from '@/app/apiSlice';
import { learnerToday, watchDayChange } from '@/lib/today';

/**
 * The learner's today ('YYYY-MM-DD', src/lib/today.ts) for a component: it renders again by itself
 * when the day turns over at the learner's midnight or boundary (issue 31, item 6), and the reads
 * it is passed to follow, since their argument changes. Until the boundary has arrived (or when
 * it cannot be read) the day ends at midnight, the spec's day.
 */
export function useLearnerToday(): string {
  const hour = useDayEndsAtHour();
  const subscribe = useCallback((notify: () => void) => watchDayChange(hour, notify), [hour]);
  return useSyncExternalStore(subscribe, () => learnerToday(new Date(), hour));
}

export function useDayEndsAtHour(): number {
  return useGetDayBoundaryQuery().data?.dayEndsAtHour ?? DEFAULT_DAY_ENDS_AT_HOUR;
}
