import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyMinutes } from '@common/api-types';
import { asksBeforeStop, capToDailyLimits, formatElapsed, isForgotten, splitByLocalDay } from '@/lib/timerSpan';

// A zone with summer time, so the tests meet 23- and 25-hour days.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = zone;
});

const at = (local: string) => new Date(local).getTime();
const minutes = (n: number) => n * 60_000;
const sum = (shares: { minutes: number }[]) => shares.reduce((s, d) => s + d.minutes, 0);
const day = (listening: number, total = listening): DailyMinutes => ({
  totalDailyMins: total,
  listeningDailyMins: listening,
  readingDailyMins: total - listening,
  speakingDailyMins: 0,
  writingDailyMins: 0,
});

describe('a timer span becomes whole minutes per local day', () => {
  it('keeps a span within one day as one share of its whole minutes', () => {
    expect(splitByLocalDay(at('2026-11-20T10:00:00'), at('2026-11-20T10:45:59'))).toEqual([{ date: '2026-11-20', minutes: 45 }]);
  });

  it('splits at local midnight into two adds that sum to the elapsed whole minutes', () => {
    const start = at('2026-11-20T23:20:30');
    const end = at('2026-11-21T00:50:10');
    const shares = splitByLocalDay(start, end);
    expect(shares.map((s) => s.date)).toEqual(['2026-11-20', '2026-11-21']);
    expect(Math.abs(shares[0].minutes - 39)).toBeLessThanOrEqual(1);
    expect(Math.abs(shares[1].minutes - 50)).toBeLessThanOrEqual(1);
    expect(sum(shares)).toBe(Math.floor((end - start) / 60_000));
  });

  it('counts the real hours of the day summer time ends (25 hours) and begins (23 hours)', () => {
    const autumn = splitByLocalDay(at('2026-10-25T00:00:00'), at('2026-10-26T00:00:00'));
    expect(autumn).toEqual([{ date: '2026-10-25', minutes: 25 * 60 }]);
    const spring = splitByLocalDay(at('2026-03-28T22:00:00'), at('2026-03-29T23:00:00'));
    expect(spring).toEqual([
      { date: '2026-03-28', minutes: 120 },
      { date: '2026-03-29', minutes: 23 * 60 - 60 },
    ]);
  });

  it('gives nothing for a timer stopped under one minute', () => {
    expect(splitByLocalDay(at('2026-11-20T10:00:00'), at('2026-11-20T10:00:59'))).toEqual([]);
  });

  it('leaves out a day the span only touched for seconds, keeping the sum exact', () => {
    const start = at('2026-11-20T23:59:40');
    const end = at('2026-11-21T00:05:00');
    const shares = splitByLocalDay(start, end);
    expect(sum(shares)).toBe(5);
    expect(shares).toEqual([{ date: '2026-11-21', minutes: 5 }]);
  });
});

describe('a stop never adds beyond the per-day limits', () => {
  it('adds everything when the day has room', () => {
    const shares = [{ date: '2026-11-20', minutes: 90 }];
    expect(capToDailyLimits(shares, 'listening', { '2026-11-20': day(100) }, '2026-11-20')).toEqual({ adds: shares, left: [] });
  });

  it('adds what fits under 960 minutes for the skill and says what did not', () => {
    const result = capToDailyLimits([{ date: '2026-11-20', minutes: 120 }], 'listening', { '2026-11-20': day(900) }, '2026-11-20');
    expect(result).toEqual({ adds: [{ date: '2026-11-20', minutes: 60 }], left: [{ date: '2026-11-20', minutes: 60 }] });
  });

  it('adds what fits under 1440 minutes for the four skills together', () => {
    const result = capToDailyLimits([{ date: '2026-11-20', minutes: 120 }], 'listening', { '2026-11-20': day(0, 1400) }, '2026-11-20');
    expect(result).toEqual({ adds: [{ date: '2026-11-20', minutes: 40 }], left: [{ date: '2026-11-20', minutes: 80 }] });
  });

  it('caps a day whose minutes are unknown at the skill limit', () => {
    const result = capToDailyLimits([{ date: '2026-11-20', minutes: 1000 }], 'reading', {}, '2026-11-20');
    expect(result).toEqual({ adds: [{ date: '2026-11-20', minutes: 960 }], left: [{ date: '2026-11-20', minutes: 40 }] });
  });

  it('adds nothing to a full day and nothing to a day more than 7 days back', () => {
    const result = capToDailyLimits(
      [
        { date: '2026-11-12', minutes: 30 },
        { date: '2026-11-13', minutes: 30 },
        { date: '2026-11-20', minutes: 30 },
      ],
      'listening',
      { '2026-11-20': day(960) },
      '2026-11-20',
    );
    expect(result.adds).toEqual([{ date: '2026-11-13', minutes: 30 }]);
    expect(result.left).toEqual([
      { date: '2026-11-12', minutes: 30 },
      { date: '2026-11-20', minutes: 30 },
    ]);
  });
});

describe('forgotten timers', () => {
  it('asks before stopping only a timer that ran over 3 hours', () => {
    expect(asksBeforeStop(minutes(180))).toBe(false);
    expect(asksBeforeStop(minutes(180) + 1000)).toBe(true);
  });

  it('calls a timer forgotten only over 8 hours', () => {
    expect(isForgotten(minutes(480))).toBe(false);
    expect(isForgotten(minutes(481))).toBe(true);
  });
});

describe('elapsed time reads h:mm:ss', () => {
  it('pads minutes and seconds, not hours', () => {
    expect(formatElapsed(0)).toBe('0:00:00');
    expect(formatElapsed(minutes(30) + 5_999)).toBe('0:30:05');
    expect(formatElapsed(minutes(61 + 600))).toBe('11:01:00');
  });
});

describe('a timer across the hour the learner\'s day ends (issue 28)', () => {
  it('with the day ending at 02:00, minutes before 02:00 count for the previous day', () => {
    const shares = splitByLocalDay(at('2026-11-20T23:30:00'), at('2026-11-21T02:40:00'), 2);
    expect(shares).toEqual([
      { date: '2026-11-20', minutes: 150 },
      { date: '2026-11-21', minutes: 40 },
    ]);
  });
});
