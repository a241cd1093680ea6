import { afterEach, beforeEach, vi } from 'vitest';
import type { ActivityRecord, SkillMinutes } from '@common/api-types';

/** A Saturday; 1 November 2026 is a Sunday, so the month starts in the first column. */
export const TODAY = '2026-11-21';

/** Freezes only the clock (not timers), so msw and user-event keep running normally. */
export function freezeToday() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 21, 12, 0, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

export const day = (date: string, achieved: boolean, minutes: Partial<SkillMinutes> = {}): ActivityRecord => ({
  date,
  achieved,
  listeningDailyMins: 0,
  readingDailyMins: 0,
  speakingDailyMins: 0,
  writingDailyMins: 0,
  ...minutes,
});
