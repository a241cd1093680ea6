/**
 * The level forecast sentence comes from the catalogue: in English exactly the sentence of
 * common/forecast.ts, in another locale its own words, numbers and date.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MILESTONES } from '@common/domain';
import { forecastSentence, levelForecast, type Forecast, type ForecastInput } from '@common/forecast';
import { forecastText } from '@/api/useLevelForecast';
import { loadCatalogue } from '@/i18n/catalogue';
import { createI18n, type I18n } from '@/i18n/i18n';

const base: ForecastInput = { totalOverallMins: 0, previousHours: 0, milestones: DEFAULT_MILESTONES, recentMins: 30 * 30, today: '2026-11-18' };
const forecasts: Forecast[] = [
  levelForecast(base),
  levelForecast({ ...base, recentMins: 0 }),
  levelForecast({ ...base, firstActivityDate: '2026-11-17' }),
  levelForecast({ ...base, firstActivityDate: '2026-11-18' }),
  levelForecast({ ...base, firstActivityDate: '2026-11-01', recentMins: 18 * 12 }),
  levelForecast({ ...base, recentMins: 1 }),
  levelForecast({ ...base, recentMins: 1, firstActivityDate: '2026-11-01' }),
  levelForecast({ ...base, recentMins: 15 }),
  levelForecast({ ...base, totalOverallMins: 2300 * 60, targetLevel: 7 }),
  { kind: 'highest' },
];

let en: I18n;
let de: I18n;
let ar: I18n;
beforeAll(async () => {
  en = createI18n({ locale: 'en', messages: await loadCatalogue('en'), timeZone: 'UTC' });
  de = createI18n({ locale: 'de', messages: await loadCatalogue('de'), timeZone: 'UTC' });
  ar = createI18n({ locale: 'ar', messages: await loadCatalogue('ar'), timeZone: 'UTC' });
});

describe('the level forecast sentence', () => {
  it('reads in English exactly as before, for every kind of forecast', () => {
    for (const forecast of forecasts) expect(forecastText(forecast, en)).toBe(forecastSentence(forecast));
  });

  it("is written in the learner's language, with its numbers, plurals and date", () => {
    expect(forecastText(levelForecast(base), de)).toBe(
      'Bei deinem Tempo der letzten 30 Tage (30 Min. pro Tag) erreichst du Level 1 (50 Stunden) etwa am 26. Februar 2027.',
    );
    expect(forecastText(levelForecast({ ...base, recentMins: 15 }), de)).toContain('(0,5 Min. pro Tag)');
    expect(forecastText(levelForecast({ ...base, firstActivityDate: '2026-11-17' }), de)).toContain('(noch 5 Tage)');
    expect(forecastText(levelForecast({ ...base, recentMins: 0 }), de)).toBe('Trag etwas Zeit ein, um zu sehen, wann du Level 1 erreichst');
    const arabic = forecastText(levelForecast(base), ar);
    expect(arabic).toContain('30 يومًا');
    expect(arabic).toContain('2027');
    expect(arabic).not.toMatch(/[A-Za-z]/);
  });
});
