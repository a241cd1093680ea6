/**
 * When a learner reaches a level at their recent pace (issue #13). Pure level maths next to
 * domain.ts: the hours that count are whole logged hours plus the hours studied before, against
 * the language's own milestones.
 */
import { MAX_LEVEL, levelForHours, levelHours, type MilestoneKey, type Milestones } from './domain';
import { addDaysIso, daysInRange } from './buckets';

/** The pace is measured over this many days, today included. */
export const FORECAST_WINDOW_DAYS = 30;
/**
 * A forecast needs this many days since the learner's first logged day, today included (issue #44):
 * 16 minutes on day one are no pace ("Level 2 around 8 January 2073").
 */
export const FORECAST_MIN_DAYS = 7;
/** Past this, a date would mean nothing to a learner (and could overflow a Date). */
const FORECAST_MAX_DAYS = 100 * 366;

export interface ForecastInput {
  totalOverallMins: number;
  previousHours: number;
  milestones: Milestones;
  /** Minutes logged in the last FORECAST_WINDOW_DAYS days, today included. */
  recentMins: number;
  /** The learner's today, YYYY-MM-DD. */
  today: string;
  /**
   * The language's first logged day, when known: the pace counts from it, not from days before the
   * learner started, and under FORECAST_MIN_DAYS days of history there is too little to forecast.
   */
  firstActivityDate?: string | null;
  /** The level asked about; the next level when omitted or already reached. */
  targetLevel?: number;
}

export type Forecast =
  | { kind: 'highest' }
  | { kind: 'no-pace'; level: number; hours: number }
  | { kind: 'too-early'; level: number; hours: number; daysLeft: number }
  | { kind: 'too-far'; level: number; hours: number; minutesPerDay: number; windowDays?: number }
  | { kind: 'date'; level: number; hours: number; minutesPerDay: number; date: string; windowDays?: number };

export function levelForecast(input: ForecastInput): Forecast {
  const hours = levelHours(input.totalOverallMins, input.previousHours);
  const current = levelForHours(hours, input.milestones);
  if (current >= MAX_LEVEL) return { kind: 'highest' };
  const level = Math.min(MAX_LEVEL, Math.max(current + 1, input.targetLevel ?? 0));
  const target = input.milestones[`level${level}` as MilestoneKey];
  if (input.recentMins <= 0) return { kind: 'no-pace', level, hours: target };
  const history = input.firstActivityDate && input.firstActivityDate <= input.today ? daysInRange(input.firstActivityDate, input.today) : null;
  if (history !== null && history < FORECAST_MIN_DAYS) return { kind: 'too-early', level, hours: target, daysLeft: FORECAST_MIN_DAYS - history };
  // A learner who started within the window: their pace over the days since they started.
  const windowDays = history !== null && history < FORECAST_WINDOW_DAYS ? history : undefined;
  const minutesPerDay = input.recentMins / (windowDays ?? FORECAST_WINDOW_DAYS);
  // Level hours count whole logged hours, so the level arrives when the logged minutes reach this.
  const missingMins = (target - input.previousHours) * 60 - input.totalOverallMins;
  const days = Math.ceil(missingMins / minutesPerDay);
  const window = windowDays === undefined ? {} : { windowDays };
  if (days > FORECAST_MAX_DAYS) return { kind: 'too-far', level, hours: target, minutesPerDay, ...window };
  return { kind: 'date', level, hours: target, minutesPerDay, date: addDaysIso(input.today, days), ...window };
}

/**
 * '14 March 2027' in English (day before month on every runtime), or the date as `locale` writes it
 * (an Intl tag: 'de', 'ja'…).
 */
export function formatLongDateGb(iso: string, locale = 'en'): string {
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const date = new Date(`${iso}T00:00:00Z`);
  if (!locale.startsWith('en')) return format.format(date);
  const parts = format.formatToParts(date);
  return (['day', 'month', 'year'] as const).map((type) => parts.find((p) => p.type === type)?.value ?? '').join(' ');
}

/** Whole minutes, or one significant digit under a minute a day, so a slow pace never reads as 0. */
const pace = (minutesPerDay: number) => String(minutesPerDay < 1 ? Number(minutesPerDay.toPrecision(1)) : Math.round(minutesPerDay));

/** 'of the last 30 days', or 'over the 12 days since you started' for a learner who started within them. */
const paceWindow = (windowDays: number | undefined) =>
  windowDays === undefined ? `of the last ${FORECAST_WINDOW_DAYS} days` : `over the ${windowDays} days since you started`;

/**
 * The forecast in English words (its date as `locale` writes it): what forecastMessage reads as in the
 * English catalogue. The app shows the catalogue's message in the learner's locale (src/api/useLevelForecast.ts).
 */
export function forecastSentence(forecast: Forecast, locale = 'en'): string {
  switch (forecast.kind) {
    case 'highest':
      return 'You made it to the highest level!';
    case 'no-pace':
      return `Log some time to see when you reach Level ${forecast.level}`;
    case 'too-early':
      return `Too early to tell when you reach Level ${forecast.level}: a forecast needs ${FORECAST_MIN_DAYS} days since your first logged day (${forecast.daysLeft} more ${forecast.daysLeft === 1 ? 'day' : 'days'}).`;
    case 'too-far':
      return `At your pace ${paceWindow(forecast.windowDays)} (${pace(forecast.minutesPerDay)} min a day), you reach Level ${forecast.level} (${forecast.hours} hours) in more than 100 years.`;
    case 'date':
      return `At your pace ${paceWindow(forecast.windowDays)} (${pace(forecast.minutesPerDay)} min a day), you reach Level ${forecast.level} (${forecast.hours} hours) around ${formatLongDateGb(forecast.date, locale)}.`;
  }
}

/** A forecast's message of the catalogue (common/locales/<tag>/forecast.json): its key and the values it names. */
export interface ForecastMessage {
  key: string;
  values: { level?: number; hours?: number; windowDays?: number; minDays?: number; daysLeft?: number; pace?: number; date?: string };
}

/**
 * The forecast as a catalogue message; the caller formats `pace` (a number) and `date` (an ISO day)
 * in the learner's locale. In English it reads as forecastSentence.
 */
export function forecastMessage(forecast: Forecast): ForecastMessage {
  switch (forecast.kind) {
    case 'highest':
      return { key: 'forecast.level.highest', values: {} };
    case 'no-pace':
      return { key: 'forecast.level.noPace', values: { level: forecast.level } };
    case 'too-early':
      return { key: 'forecast.level.tooEarly', values: { level: forecast.level, minDays: FORECAST_MIN_DAYS, daysLeft: forecast.daysLeft } };
    case 'too-far':
    case 'date': {
      const since = forecast.windowDays !== undefined;
      const values = {
        level: forecast.level,
        hours: forecast.hours,
        windowDays: forecast.windowDays ?? FORECAST_WINDOW_DAYS,
        pace: Number(pace(forecast.minutesPerDay)),
      };
      if (forecast.kind === 'too-far') return { key: since ? 'forecast.level.tooFarSince' : 'forecast.level.tooFarRecent', values };
      return { key: since ? 'forecast.level.dateSince' : 'forecast.level.dateRecent', values: { ...values, date: forecast.date } };
    }
  }
}
