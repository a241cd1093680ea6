import { describe, expect, it } from 'vitest';
import { formatHm, formatHoursMinutesLong, splitMinutes, toMinutes } from '@/lib/time';

describe('time display (spec 9)', () => {
  it('formats minutes as h and m parts', () => {
    expect(formatHm(65)).toBe('1h 5m');
    expect(formatHm(45)).toBe('0h 45m');
    expect(formatHm(0)).toBe('0h 0m');
    expect(formatHm(1440)).toBe('24h 0m');
  });

  it('uses singular and plural hour and minute words in the long form', () => {
    expect(formatHoursMinutesLong(61)).toBe('1 hour 1 minute');
    expect(formatHoursMinutesLong(120)).toBe('2 hours 0 minutes');
    expect(formatHoursMinutesLong(5)).toBe('0 hours 5 minutes');
    expect(formatHoursMinutesLong(62)).toBe('1 hour 2 minutes');
  });

  it('splits minutes into whole hours and the minutes left over', () => {
    expect(splitMinutes(135)).toEqual({ hours: 2, minutes: 15 });
    expect(splitMinutes(59)).toEqual({ hours: 0, minutes: 59 });
  });
});

describe('minutes added = hours*60 + minutes (spec 5)', () => {
  it('combines hours and minutes fields', () => {
    expect(toMinutes('1', '30')).toBe(90);
    expect(toMinutes('0', '45')).toBe(45);
  });

  it('counts an empty or invalid field as 0', () => {
    expect(toMinutes('', '20')).toBe(20);
    expect(toMinutes('2', '')).toBe(120);
    expect(toMinutes('1.5', 'abc')).toBe(0);
    expect(toMinutes('-3', '10')).toBe(10);
  });
});
