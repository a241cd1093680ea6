import { describe, expect, it } from 'vitest';
import { addDaysIso, addMonthsIso, bucketCount, bucketStarts } from '@common/buckets';

describe('bucketStarts: the buckets an insights range touches', () => {
  it('days: every day once, across a leap day and the edges of years, the widest read included', () => {
    expect(bucketStarts('2024-02-27', '2024-03-02', 'day')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
    expect(bucketStarts('1999-12-31', '2000-01-01', 'day')).toEqual(['1999-12-31', '2000-01-01']);
    const widest = bucketStarts('2016-10-02', '2026-11-18', 'day');
    expect(widest).toHaveLength(bucketCount('2016-10-02', '2026-11-18', 'day'));
    expect(widest.every((start, i) => i === 0 || start === addDaysIso(widest[i - 1], 1))).toBe(true);
  });

  it('weeks start on the Sunday on or before the first day; months on the 1st', () => {
    expect(bucketStarts('2026-11-18', '2026-12-01', 'week')).toEqual(['2026-11-15', '2026-11-22', '2026-11-29']);
    expect(bucketStarts('2026-11-15', '2026-11-15', 'week')).toEqual(['2026-11-15']);
    expect(bucketStarts('2025-11-30', '2026-02-01', 'month')).toEqual(['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01']);
    expect(addMonthsIso('2025-12-01', 1)).toBe('2026-01-01');
  });

  it('a range that ends before it starts has no buckets', () => {
    expect(bucketStarts('2026-11-18', '2026-11-17', 'day')).toEqual([]);
  });
});
