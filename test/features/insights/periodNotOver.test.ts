import { describe, expect, it } from 'vitest';
import { periodNotOverText } from '@/features/insights/insightsMaths';

describe('a comparison of a period still under way says so', () => {
  it('on a Tuesday the week (Sunday to Saturday) has five days to go, today included', () => {
    expect(periodNotOverText('2026-11-22', 'week', '2026-11-24')).toBe(
      'This week is not over yet: 5 days to go, today included, so it is compared so far.',
    );
  });

  it("on the period's last day it says that today ends it; after it, nothing", () => {
    expect(periodNotOverText('2026-11-22', 'week', '2026-11-28')).toBe('Today is the last day of this week: it is compared so far.');
    expect(periodNotOverText('2026-11-22', 'week', '2026-11-29')).toBeNull();
  });

  it('a month counts its own length', () => {
    expect(periodNotOverText('2026-02-01', 'month', '2026-02-20')).toBe(
      'This month is not over yet: 9 days to go, today included, so it is compared so far.',
    );
  });
});
