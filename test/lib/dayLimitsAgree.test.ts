/**
 * The day limits on both sides: what the app offers to send (a timer's stop cut to the room left,
 * the add dialog's "too much") is exactly what the server's rule (server/src/domain/dayLimits.ts)
 * accepts. Fails when either side's reading of the limits drifts from the other's.
 */
import { describe, expect, it } from 'vitest';
import type { DailyMinutes } from '@common/api-types';
import { ADD_MINUTES_MAX, SKILLS, skillDailyField, type Skill } from '@common/domain';
import { tooMuchMessage } from '@/features/dashboard/addTimeLimit';
import { capToDailyLimits } from '@/lib/timerSpan';
import { brokenDayLimit, withAdded } from '@common/dayLimits';
import { brokenDayLimit as serverJudges } from '../../server/src/domain/dayLimits';

const TODAY = '2026-11-20';
const stored = (minutes: Record<Skill, number>): DailyMinutes => ({
  totalDailyMins: SKILLS.reduce((sum, skill) => sum + minutes[skill], 0),
  ...(Object.fromEntries(SKILLS.map((skill) => [skillDailyField(skill), minutes[skill]])) as Omit<DailyMinutes, 'totalDailyMins'>),
});
const NONE: Record<Skill, number> = { listening: 0, reading: 0, speaking: 0, writing: 0 };
const DAYS: Record<Skill, number>[] = [
  NONE,
  { ...NONE, listening: 900 },
  { ...NONE, listening: 960 },
  { listening: 400, reading: 400, speaking: 400, writing: 0 },
  { listening: 480, reading: 480, speaking: 480, writing: 0 },
  { listening: 0, reading: 960, speaking: 470, writing: 0 },
];

describe('the day limits agree on both sides', () => {
  it('the server judges by the one rule in common/, not a copy of it', () => {
    expect(serverJudges).toBe(brokenDayLimit);
  });

  it("a timer's minutes cut to the room left fit the server's limits, and one minute more would not", () => {
    for (const day of DAYS) {
      for (const skill of SKILLS) {
        const { adds } = capToDailyLimits([{ date: TODAY, minutes: 5000 }], skill, { [TODAY]: stored(day) }, TODAY);
        const fits = adds[0]?.minutes ?? 0;
        expect(brokenDayLimit(withAdded(day, skill, fits)), `${skill} + ${fits} on ${JSON.stringify(day)}`).toBeNull();
        if (fits < ADD_MINUTES_MAX) expect(brokenDayLimit(withAdded(day, skill, fits + 1)), `${skill} + ${fits + 1} on ${JSON.stringify(day)}`).not.toBeNull();
      }
    }
  });

  it('the add dialog calls an amount too much exactly when the server refuses it on an empty day', () => {
    for (const skill of SKILLS) {
      for (let minutes = 950; minutes <= 970; minutes++) {
        expect(tooMuchMessage(skill, minutes) !== null, `${minutes} of ${skill}`).toBe(brokenDayLimit(withAdded(NONE, skill, minutes)) !== null);
      }
    }
  });
});
