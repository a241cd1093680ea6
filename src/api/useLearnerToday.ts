import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_DAY_ENDS_AT_HOUR, isDayEndsAtHour } from '@common/schemas/dayBoundary';
import { useGetDayBoundaryQuery } from '@/api/apiSlice';
import { firstRender } from '@/lib/firstRender';
import { learnerToday, watchDayChange } from '@/lib/today';

/**
 * The last boundary read, kept on the device: a reload at 00:30 (or one without network, whose
 * adds wait in the outbox) counts for the right day before the server's answer arrives. Signing
 * in clears local storage, so another learner never inherits it.
 */
const STORAGE_KEY = 'dayEndsAtHour';

export function rememberedDayEndsAtHour(): number | undefined {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    const hour = stored === null ? undefined : Number(stored);
    return isDayEndsAtHour(hour) ? hour : undefined;
  } catch {
    return undefined;
  }
}

function remember(hour: number): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, String(hour));
  } catch {
    // Storage refused (private mode, full): the server's answer still decides once it is read.
  }
}

/** When the learner's day ends: the server's answer, else the last one read here, else midnight (the spec's day). */
export function useDayEndsAtHour(): number {
  const read = useGetDayBoundaryQuery().data?.dayEndsAtHour;
  useEffect(() => {
    if (read !== undefined) remember(read);
  }, [read]);
  return read ?? rememberedDayEndsAtHour() ?? DEFAULT_DAY_ENDS_AT_HOUR;
}

/**
 * The learner's today ('YYYY-MM-DD', src/lib/today.ts) for a component: it renders again by itself
 * when the day turns over at the learner's midnight or boundary (issue 31, item 6), and the reads
 * it is passed to follow, since their argument changes.
 */
export function useLearnerToday(): string {
  const hour = useDayEndsAtHour();
  const subscribe = useCallback((notify: () => void) => watchDayChange(hour, notify), [hour]);
  const today = () => learnerToday(new Date(), hour);
  // A server render (issue #32) counts from the learner's day, which the server worked out in their zone.
  return useSyncExternalStore(subscribe, today, () => firstRender.today ?? today());
}
