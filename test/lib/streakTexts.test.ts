import { describe, expect, it } from 'vitest';
import type { ActivityRecord } from '@common/api-types';
import { achievedDaysThisMonth, daysBefore, keepRunText, streakHeadline, streakText } from '@/lib/streakTexts';

const record = (date: string, achieved: boolean): ActivityRecord => ({
  date,
  achieved,
  listeningDailyMins: 30,
  readingDailyMins: 0,
  speakingDailyMins: 0,
  writingDailyMins: 0,
});

describe('daysBefore', () => {
  it('steps back over month ends and leap days', () => {
    expect(daysBefore('2028-03-01', 1)).toBe('2028-02-29');
    expect(daysBefore('2026-03-30', 2)).toBe('2026-03-28');
    expect(daysBefore('2026-11-21', 0)).toBe('2026-11-21');
  });
});

describe('achievedDaysThisMonth', () => {
  it("counts only achieved days of today's month up to today", () => {
    const records = [
      record('2026-10-31', true),
      record('2026-11-01', true),
      record('2026-11-02', false),
      record('2026-11-21', true),
      record('2026-11-22', true),
    ];
    expect(achievedDaysThisMonth(records, '2026-11-21')).toBe(2);
  });
});

describe('streak texts', () => {
  it("says 'Hurray' for a streak above 0 and 'Oh No!' otherwise", () => {
    expect(streakHeadline(1)).toBe('Hurray');
    expect(streakHeadline(0)).toBe('Oh No!');
  });

  it("uses 'day' for one day and 'days' for any other count", () => {
    expect(streakText(1)).toBe("You've done 1 day in a row this week!");
    expect(streakText(0)).toBe("You've done 0 days in a row this week!");
    expect(streakText(5)).toBe("You've done 5 days in a row this week!");
  });

  it("encourages keeping yesterday's run with its length", () => {
    expect(keepRunText(4)).toBe("Reach today's goal to keep your 4-day run going.");
  });
});
