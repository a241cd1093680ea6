/** Pure rules of the rest-days draft (contract, second edition, "Forgiving streaks"). */
import { FIRST_DATE } from '@common/domain';
import type { RestDays } from '@common/schemas/restDays';
import { REST_PERIOD_MAX_DAYS, REST_PERIOD_MAX_DAYS_AHEAD, REST_PERIODS_MAX, REST_WEEKDAYS_MAX } from '@common/schemas/restDays';
import { localIsoDate } from '@common/domain';
import { formatDayName } from '@/lib/calendar';
import { t } from '@/i18n/i18n';

export type RestPeriod = RestDays['periods'][number];

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const key = (value: RestDays) =>
  JSON.stringify({
    weekdays: [...value.weekdays].sort((a, b) => a - b),
    periods: [...value.periods].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to)),
  });

export const restDaysDiffer = (a: RestDays, b: RestDays) => key(a) !== key(b);

export function weekdayToggled(value: RestDays, weekday: number): RestDays {
  const weekdays = value.weekdays.includes(weekday)
    ? value.weekdays.filter((d) => d !== weekday)
    : [...value.weekdays, weekday].sort((a, b) => a - b);
  return { ...value, weekdays };
}

/** True when one more weekday may be chosen: resting every day would leave no streak at all. */
export const canAddWeekday = (value: RestDays) => value.weekdays.length < REST_WEEKDAYS_MAX;

/** The last day a break may reach: a year ahead of the learner's today (the server's bound, README "Product decisions"). */
export function lastBreakDay(now: Date = new Date()): string {
  return localIsoDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() + REST_PERIOD_MAX_DAYS_AHEAD));
}

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** Why a break cannot be added as typed, or null when it can. */
export function periodProblem(value: RestDays, period: RestPeriod): string | null {
  if (!period.from || !period.to) return t('settings.restDays.problemEmpty');
  if (period.from < FIRST_DATE) return t('settings.restDays.problemTooEarly');
  if (period.from > period.to) return t('settings.restDays.problemOrder');
  if (period.to > lastBreakDay()) return t('settings.restDays.problemTooFar', { days: REST_PERIOD_MAX_DAYS_AHEAD, date: formatDayName(lastBreakDay()) });
  if (daysBetween(period.from, period.to) > REST_PERIOD_MAX_DAYS) return t('settings.restDays.problemTooLong', { days: REST_PERIOD_MAX_DAYS });
  if (value.periods.length >= REST_PERIODS_MAX) return t('settings.restDays.problemTooMany', { max: REST_PERIODS_MAX });
  return null;
}

export function periodAdded(value: RestDays, period: RestPeriod): RestDays {
  const periods = [...value.periods, period].sort((a, b) => a.from.localeCompare(b.from));
  return { ...value, periods };
}

export function periodRemoved(value: RestDays, index: number): RestDays {
  return { ...value, periods: value.periods.filter((_, i) => i !== index) };
}
