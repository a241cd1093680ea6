import { describe, expect, it } from 'vitest';
import { goalMessage } from '@/lib/goalMessage';

describe('daily goal message', () => {
  it('congratulates once today reaches the goal exactly', () => {
    expect(goalMessage(30, 30)).toBe('Congratulations, daily goal complete!');
  });

  it('congratulates when today is past the goal', () => {
    expect(goalMessage(30, 95)).toBe('Congratulations, daily goal complete!');
  });

  it("prefixes 'Only' when under 60 minutes remain", () => {
    expect(goalMessage(30, 5)).toBe('Only 0h 25m left - you can do it!');
    expect(goalMessage(90, 31)).toBe('Only 0h 59m left - you can do it!');
  });

  it("has no 'Only' when 60 minutes or more remain", () => {
    expect(goalMessage(90, 30)).toBe('1h 0m left - you can do it!');
    expect(goalMessage(150, 0)).toBe('2h 30m left - you can do it!');
  });
});
