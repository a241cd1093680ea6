import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { learnerToday, nextDayStart, watchDayChange } from '@/lib/today';

/** Runs the test in the IANA time zone `zone` (Node reads TZ again whenever it is set). */
function inZone(zone: string) {
  let before: string | undefined;
  beforeEach(() => {
    before = process.env.TZ;
    process.env.TZ = zone;
  });
  afterEach(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
}

describe('learnerToday: before the boundary, the previous calendar day is today', () => {
  inZone('Europe/Paris');

  it('with the default (midnight) it is the local calendar day, as in the spec', () => {
    expect(learnerToday(new Date('2026-03-09T23:59:00+01:00'))).toBe('2026-03-09');
    expect(learnerToday(new Date('2026-03-10T00:00:00+01:00'))).toBe('2026-03-10');
    expect(learnerToday(new Date('2026-03-10T00:00:00+01:00'), 0)).toBe('2026-03-10');
  });

  it('turns over at the boundary minute, not a minute earlier', () => {
    expect(learnerToday(new Date('2026-03-10T01:59:59+01:00'), 2)).toBe('2026-03-09');
    expect(learnerToday(new Date('2026-03-10T02:00:00+01:00'), 2)).toBe('2026-03-10');
    expect(learnerToday(new Date('2026-03-10T00:30:00+01:00'), 2)).toBe('2026-03-09');
    expect(learnerToday(new Date('2026-03-10T03:59:00+01:00'), 4)).toBe('2026-03-09');
    expect(learnerToday(new Date('2026-03-10T04:00:00+01:00'), 4)).toBe('2026-03-10');
  });

  it('crosses months and years the same way', () => {
    expect(learnerToday(new Date('2026-03-01T01:00:00+01:00'), 2)).toBe('2026-02-28');
    expect(learnerToday(new Date('2027-01-01T00:30:00+01:00'), 1)).toBe('2026-12-31');
  });

  it('follows the wall clock across DST: the spring night has no 02:00, the autumn night has two', () => {
    // 2026-03-29: 02:00 CET jumps to 03:00 CEST.
    expect(learnerToday(new Date('2026-03-29T01:59:00+01:00'), 2)).toBe('2026-03-28');
    expect(learnerToday(new Date('2026-03-29T03:00:00+02:00'), 2)).toBe('2026-03-29');
    expect(learnerToday(new Date('2026-03-29T02:59:00+02:00'), 3)).toBe('2026-03-28');
    expect(learnerToday(new Date('2026-03-29T03:00:00+02:00'), 3)).toBe('2026-03-29');
    // 2026-10-25: 03:00 CEST falls back to 02:00 CET; the day ends when the clock reads 03:00 again.
    expect(learnerToday(new Date('2026-10-25T02:30:00+02:00'), 3)).toBe('2026-10-24');
    expect(learnerToday(new Date('2026-10-25T02:30:00+01:00'), 3)).toBe('2026-10-24');
    expect(learnerToday(new Date('2026-10-25T03:00:00+01:00'), 3)).toBe('2026-10-25');
  });

  it('the next day starts at the boundary, in local time across DST', () => {
    expect(nextDayStart(new Date('2026-03-10T00:30:00+01:00'), 2)).toEqual(new Date('2026-03-10T02:00:00+01:00'));
    expect(nextDayStart(new Date('2026-03-10T02:00:00+01:00'), 2)).toEqual(new Date('2026-03-11T02:00:00+01:00'));
    expect(nextDayStart(new Date('2026-03-09T22:00:00+01:00'))).toEqual(new Date('2026-03-10T00:00:00+01:00'));
    // The skipped 02:00 of the spring night: the day starts when the clock reaches 03:00.
    expect(nextDayStart(new Date('2026-03-28T12:00:00+01:00'), 2)).toEqual(new Date('2026-03-29T03:00:00+02:00'));
    expect(nextDayStart(new Date('2026-10-24T12:00:00+02:00'), 3)).toEqual(new Date('2026-10-25T03:00:00+01:00'));
  });
});

describe.each([
  ['UTC+14', 'Pacific/Kiritimati', '+14:00'],
  ['UTC-12', 'Etc/GMT+12', '-12:00'],
])('learnerToday in %s', (_name, zone, offset) => {
  inZone(zone);

  it('is the local day, and the day before until the boundary', () => {
    expect(learnerToday(new Date(`2026-03-10T01:59:00${offset}`), 2)).toBe('2026-03-09');
    expect(learnerToday(new Date(`2026-03-10T02:00:00${offset}`), 2)).toBe('2026-03-10');
    expect(learnerToday(new Date(`2026-03-10T00:00:00${offset}`))).toBe('2026-03-10');
    expect(learnerToday(new Date(`2026-03-09T23:59:00${offset}`))).toBe('2026-03-09');
    expect(nextDayStart(new Date(`2026-03-10T01:00:00${offset}`), 2)).toEqual(new Date(`2026-03-10T02:00:00${offset}`));
  });
});

describe('watchDayChange', () => {
  inZone('Europe/Paris');
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls back at the boundary by itself, and again when the page comes back into view', () => {
    vi.setSystemTime(new Date('2026-03-10T01:00:00+01:00'));
    const notify = vi.fn();
    const stop = watchDayChange(2, notify);
    vi.advanceTimersByTime(59 * 60 * 1000);
    expect(notify).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60 * 1000);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(learnerToday(new Date(), 2)).toBe('2026-03-10');
    window.dispatchEvent(new Event('focus'));
    expect(notify).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(48 * 60 * 60 * 1000);
    window.dispatchEvent(new Event('pageshow'));
    expect(notify).toHaveBeenCalledTimes(2);
  });
});
