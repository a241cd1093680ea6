import { addDaysIso } from '@common/buckets';
import { FORECAST_WINDOW_DAYS, forecastMessage, levelForecast, type Forecast } from '@common/forecast';
import { useGetCalendarSummaryQuery, useGetMilestonesQuery, useGetPreviousHoursQuery, useGetProgressQuery, useGetStatsQuery } from '@/api/apiSlice';
import type { ForecastTextState } from '@/components/ForecastText';
import { useLearnerToday } from '@/api/useLearnerToday';
import { getI18n, type I18n } from '@/i18n/i18n';
import { useI18n } from '@/i18n/I18nProvider';

/** The forecast sentence in the locale of `i18n`: its pace as the locale writes numbers, its date as it writes a long date. */
export function forecastText(forecast: Forecast, i18n: I18n = getI18n()): string {
  const { key, values } = forecastMessage(forecast);
  return i18n.t(key, {
    ...values,
    pace: values.pace === undefined ? undefined : i18n.formatNumber(values.pace, { useGrouping: false, maximumFractionDigits: 20 }),
    date: values.date === undefined ? undefined : i18n.formatDate(new Date(`${values.date}T00:00:00Z`), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  });
}

/**
 * The level forecast sentence of the current language, for the level modal and the Insights view
 * (two features, so it lives here beside the API slice). Minutes added since the last 30 days
 * were read move the date: every write that changes them invalidates `Stats` (apiSlice.ts).
 */
export function useLevelForecast(targetLevel?: number): ForecastTextState {
  const i18n = useI18n();
  const today = useLearnerToday();
  const recent = useGetStatsQuery({ from: addDaysIso(today, 1 - FORECAST_WINDOW_DAYS), to: today, bucket: 'month' });
  const progress = useGetProgressQuery();
  const previous = useGetPreviousHoursQuery();
  const milestones = useGetMilestonesQuery();
  // The first logged day: the pace counts from it, and the first week is too little to forecast (issue #44).
  const summary = useGetCalendarSummaryQuery(today);
  if (recent.isError || progress.isError || previous.isError || milestones.isError) return { status: 'error' };
  if (!recent.data || !progress.data || !previous.data || !milestones.data) return { status: 'loading' };
  // Without the summary (still loading or failed) the forecast counts the whole window, as before.
  if (summary.isLoading) return { status: 'loading' };
  const forecast = levelForecast({
    totalOverallMins: progress.data.totalOverallMins,
    previousHours: previous.data.previousHours,
    milestones: milestones.data,
    recentMins: recent.data.totals.totalMins,
    today,
    firstActivityDate: summary.data?.firstActivityDate,
    targetLevel,
  });
  return { status: 'ready', sentence: forecastText(forecast, i18n) };
}
