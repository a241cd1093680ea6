import { describe, expect, it } from 'vitest';
import type { ActivityRecord } from '@common/api-types';
import type { CalendarContext } from '@/lib/calendar';
import {
  formatDayName,
  formatLongDate,
  formatMonthTitle,
  monthGrid,
  monthRange,
  shiftMonth,
  tileState,
} from '@/lib/calendar';

const record = (date: string, achieved: boolean): ActivityRecord => ({
  date,
  achieved,
  listeningDailyMins: 10,
  readingDailyMins: 0,
  speakingDailyMins: 0,
  writingDailyMins: 0,
});

const TODAY = '2026-11-21';
const records = [record('2026-11-03', false), record('2026-11-05', true), record('2026-11-10', false)];
/** The summary's first recorded day and no rest days, unless a test says otherwise. */
const context = (overrides: Partial<CalendarContext> = {}): CalendarContext => ({
  today: TODAY,
  firstActivityDate: '2026-11-03',
  restDays: { weekdays: [], periods: [] },
  ...overrides,
});

describe('monthGrid', () => {
  it('starts the month on its weekday with blanks for the previous month (Sunday first)', () => {
    // 1 November 2026 is a Sunday, 1 December 2026 a Tuesday.
    expect(monthGrid(2026, 11)[0][0]).toEqual({ date: '2026-11-01', day: 1 });
    const december = monthGrid(2026, 12);
    expect(december[0].slice(0, 2)).toEqual([null, null]);
    expect(december[0][2]).toEqual({ date: '2026-12-01', day: 1 });
  });

  it('shows every day of the month exactly once and no day of a neighbouring month', () => {
    const days = monthGrid(2028, 2).flat().filter((c) => c !== null);
    expect(days.map((c) => c.day)).toEqual(Array.from({ length: 29 }, (_, i) => i + 1));
    expect(days.every((c) => c.date.startsWith('2028-02-'))).toBe(true);
    expect(monthGrid(2026, 2).flat().filter((c) => c !== null)).toHaveLength(28);
  });

  it('fills every week to seven cells', () => {
    const weeks = monthGrid(2026, 12);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks.at(-1)?.at(-1)).toBeNull();
  });
});

describe('shiftMonth', () => {
  it('crosses year boundaries in both directions', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 6 }, -18)).toEqual({ year: 2024, month: 12 });
  });
});

describe('monthRange', () => {
  it('spans a month from its 1st to its last day, leap years included', () => {
    expect(monthRange('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});

describe('tileState', () => {
  it('shows a happy face on a past day whose achieved flag is true', () => {
    expect(tileState('2026-11-05', records, context())).toEqual({ emoji: 'happy', clickable: true, greyed: false });
  });

  it('shows a neutral face on today while its goal is not achieved, and it stays clickable', () => {
    expect(tileState(TODAY, records, context())).toEqual({ emoji: 'neutral', clickable: true, greyed: false });
  });

  it('shows a happy face on today once today is achieved', () => {
    expect(tileState(TODAY, [...records, record(TODAY, true)], context()).emoji).toBe('happy');
  });

  it('shows a sad face on a past day on or after the first record that is not achieved', () => {
    expect(tileState('2026-11-03', records, context())).toEqual({ emoji: 'sad', clickable: true, greyed: false });
    // No record at all for that day, but it lies after the first record.
    expect(tileState('2026-11-08', records, context())).toEqual({ emoji: 'sad', clickable: true, greyed: false });
  });

  it("greys out days before the first record (from the server's summary) and makes them not clickable", () => {
    expect(tileState('2026-11-02', records, context())).toEqual({ emoji: null, clickable: false, greyed: true });
    expect(tileState('2026-10-31', [], context())).toEqual({ emoji: null, clickable: false, greyed: true });
  });

  it('shows nothing on future days and does not let them be clicked', () => {
    expect(tileState('2026-11-22', records, context())).toEqual({ emoji: null, clickable: false, greyed: false });
    expect(tileState('2027-01-01', [record('2027-01-01', true)], context())).toMatchObject({ emoji: null, clickable: false });
  });

  it('treats every day before today as before the start when there are no records', () => {
    expect(tileState('2026-11-20', [], context({ firstActivityDate: null }))).toEqual({ emoji: null, clickable: false, greyed: true });
    expect(tileState(TODAY, [], context({ firstActivityDate: null }))).toEqual({ emoji: 'neutral', clickable: true, greyed: false });
  });

  it('marks an unachieved rest day (weekday or break) with the rest mark; an achieved rest day shows as achieved', () => {
    // 8 November 2026 is a Sunday.
    const resting = context({ restDays: { weekdays: [0], periods: [{ from: '2026-11-12', to: '2026-11-13' }] } });
    expect(tileState('2026-11-08', records, resting)).toEqual({ emoji: 'rest', clickable: true, greyed: false });
    expect(tileState('2026-11-12', records, resting).emoji).toBe('rest');
    expect(tileState('2026-11-14', records, resting).emoji).toBe('sad');
    expect(tileState('2026-11-08', [...records, record('2026-11-08', true)], resting).emoji).toBe('happy');
    expect(tileState('2026-11-01', records, resting)).toMatchObject({ emoji: null, greyed: true });
  });
});

describe('date texts (en-GB)', () => {
  it('titles the month with its long name and year', () => {
    expect(formatMonthTitle({ year: 2026, month: 11 })).toBe('November 2026');
    expect(formatMonthTitle({ year: 2027, month: 1 })).toBe('January 2027');
  });

  it('names a day as day, long month and year, and the modal date with its weekday first', () => {
    expect(formatDayName('2026-11-03')).toBe('3 November 2026');
    expect(formatLongDate('2026-11-03')).toBe('Tuesday 3 November 2026');
  });
});
