import { describe, expect, it } from 'vitest';
import { DEFAULT_MILESTONES } from '@common/domain';
import { forecastSentence, levelForecast, type ForecastInput } from '@common/forecast';

const base: ForecastInput = {
  totalOverallMins: 0,
  previousHours: 0,
  milestones: DEFAULT_MILESTONES,
  recentMins: 30 * 30,
  today: '2026-11-18',
};
const sentence = (input: Partial<ForecastInput>) => forecastSentence(levelForecast({ ...base, ...input }));

describe('level forecast', () => {
  it('divides the minutes still missing for the next level by the pace of the last 30 days', () => {
    // 50 hours = 3000 minutes at 30 minutes a day: 100 days after 18 November 2026.
    expect(sentence({})).toBe('At your pace of the last 30 days (30 min a day), you reach Level 1 (50 hours) around 26 February 2027.');
    expect(levelForecast(base)).toEqual({ kind: 'date', level: 1, hours: 50, minutesPerDay: 30, date: '2027-02-26' });
  });

  it('counts the hours studied before', () => {
    expect(sentence({ previousHours: 40 })).toBe('At your pace of the last 30 days (30 min a day), you reach Level 1 (50 hours) around 8 December 2026.');
  });

  it('counts whole logged hours, as the level does: 2,999 minutes still need one more minute', () => {
    expect(levelForecast({ ...base, totalOverallMins: 2999 })).toMatchObject({ level: 1, date: '2026-11-19' });
  });

  it("aims at the level after the current one, with the language's own milestones", () => {
    const milestones = { ...DEFAULT_MILESTONES, level1: 10, level2: 120 };
    expect(sentence({ milestones, totalOverallMins: 15 * 60 })).toBe(
      'At your pace of the last 30 days (30 min a day), you reach Level 2 (120 hours) around 16 June 2027.',
    );
  });

  it('answers for a later level when asked, and for the next one when the level asked for is already reached', () => {
    expect(levelForecast({ ...base, targetLevel: 3 })).toMatchObject({ level: 3, hours: 400 });
    expect(levelForecast({ ...base, previousHours: 200, targetLevel: 1 })).toMatchObject({ level: 3, hours: 400 });
  });

  it('has no next level at level 6', () => {
    expect(levelForecast({ ...base, previousHours: 1800 })).toEqual({ kind: 'highest' });
    expect(sentence({ previousHours: 1800, targetLevel: 6 })).toBe('You made it to the highest level!');
  });

  it('asks for some time when nothing was logged in the last 30 days', () => {
    expect(sentence({ recentMins: 0, previousHours: 60 })).toBe('Log some time to see when you reach Level 2');
  });

  it('shows a pace under a minute a day without rounding it to 0, and says so when the level is over 100 years away', () => {
    expect(sentence({ recentMins: 1 })).toBe('At your pace of the last 30 days (0.03 min a day), you reach Level 1 (50 hours) in more than 100 years.');
    expect(sentence({ recentMins: 15 })).toMatch(/^At your pace of the last 30 days \(0\.5 min a day\), you reach Level 1 \(50 hours\) around \d+ \w+ 2043\.$/);
  });
});

describe('level forecast on the first days (issue #44)', () => {
  it('says there is too little to forecast under 7 days since the first logged day, not "Level 2 around 2073"', () => {
    const dayOne = { ...base, recentMins: 16, previousHours: 60, firstActivityDate: base.today };
    expect(levelForecast(dayOne)).toEqual({ kind: 'too-early', level: 2, hours: 200, daysLeft: 6 });
    expect(forecastSentence(levelForecast(dayOne))).toBe(
      'Too early to tell when you reach Level 2: a forecast needs 7 days since your first logged day (6 more days).',
    );
    expect(sentence({ firstActivityDate: '2026-11-13' })).toMatch(/\(1 more day\)\.$/);
  });

  it('counts the pace from the first logged day: a week at 70 minutes a day is 70 min a day, not 17', () => {
    expect(sentence({ recentMins: 7 * 70, firstActivityDate: '2026-11-12' })).toMatch(/^At your pace over the 7 days since you started \(70 min a day\), you reach Level 1/);
  });

  it('a learner who started before the window keeps the 30-day pace', () => {
    expect(sentence({ firstActivityDate: '2020-01-01' })).toBe(sentence({}));
    expect(sentence({ firstActivityDate: '2026-10-20' })).toBe(sentence({}));
  });
});
