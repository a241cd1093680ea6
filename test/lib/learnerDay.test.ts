/**
 * Issue #40: the learner's today is one rule (common/learnerDay.ts). The browser reads the wall
 * clock from Date's local getters, the server from Intl in the learner's zone; on every DST-change
 * day, in several zones, at every boundary, the two must name the same date at every quarter hour.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { learnerToday as serverLearnerToday } from '../../server/src/domain/learnerDay';
import { learnerToday } from '@/lib/today';

const before = process.env.TZ;
afterEach(() => {
  if (before === undefined) delete process.env.TZ;
  else process.env.TZ = before;
});

/** Zones with DST changes at different hours (01:00 UTC, 02:00 local, midnight local, southern). */
const DST_DAYS: Record<string, string[]> = {
  'Europe/Berlin': ['2026-03-29', '2026-10-25'],
  'America/New_York': ['2026-03-08', '2026-11-01'],
  'America/Santiago': ['2026-04-05', '2026-09-06'],
  'Australia/Lord_Howe': ['2026-04-05', '2026-10-04'],
  'Asia/Tehran': ['2026-03-21'],
  'Pacific/Auckland': ['2026-04-05', '2026-09-27'],
};

const QUARTER_HOUR = 15 * 60_000;

describe("the learner's today: the same date in the browser and on the server", () => {
  for (const [zone, days] of Object.entries(DST_DAYS)) {
    it(`agrees in ${zone} across its DST changes for every boundary from 0 to 4 h`, () => {
      process.env.TZ = zone;
      const disagreements: string[] = [];
      for (const day of days) {
        const start = Date.parse(`${day}T00:00:00Z`) - 24 * 3_600_000;
        for (let t = start; t < start + 72 * 3_600_000; t += QUARTER_HOUR) {
          const now = new Date(t);
          for (let boundary = 0; boundary <= 4; boundary++) {
            const browser = learnerToday(now, boundary);
            const server = serverLearnerToday(now, zone, boundary);
            if (browser !== server) disagreements.push(`${now.toISOString()} boundary ${boundary}: ${browser} / ${server}`);
          }
        }
      }
      expect(disagreements).toEqual([]);
    });
  }

  it('the server follows the wall clock on a spring-forward night (Berlin, boundary 3 h)', () => {
    // 2026-03-29 02:00 CET jumps to 03:00 CEST: at 03:00 on the clock the new day has begun,
    // though only two hours have passed since midnight.
    expect(serverLearnerToday(new Date('2026-03-29T02:59:00+02:00'), 'Europe/Berlin', 3)).toBe('2026-03-28');
    expect(serverLearnerToday(new Date('2026-03-29T03:00:00+02:00'), 'Europe/Berlin', 3)).toBe('2026-03-29');
  });
});
