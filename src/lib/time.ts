/**
 * Time display of spec 9: 'h'/'m' parts, and 'N hour(s) M minute(s)' in modals; in the locale in
 * force (its catalogue's words and plural rules, its digits).
 */
import { getI18n, t } from '@/i18n/i18n';

export interface HoursMinutes {
  hours: number;
  minutes: number;
}

export function splitMinutes(totalMinutes: number): HoursMinutes {
  const whole = Math.max(0, Math.floor(totalMinutes));
  return { hours: Math.floor(whole / 60), minutes: whole % 60 };
}

export function formatHm(totalMinutes: number): string {
  return t('dashboard.time.hm', { ...splitMinutes(totalMinutes) });
}

/** A whole number with the locale's thousands separators: 2021 hours read '2,021' in English. */
export const formatCount = (n: number) => getI18n().formatNumber(n);

/** '1 hour', '3 days': a count with its English unit, singular only for exactly one (English-only screens). */
export const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** '1 hour 5 minutes', the locale's plural forms. */
export function formatHoursMinutesLong(totalMinutes: number): string {
  return t('dashboard.time.hoursMinutes', { ...splitMinutes(totalMinutes) });
}

/** '5 minutes', the locale's plural forms. */
export const formatMinutesLong = (minutes: number): string => t('dashboard.time.minutes', { minutes });

/** '3 hours', the locale's plural forms. */
export const formatHoursLong = (hours: number): string => t('dashboard.time.hours', { hours });

/** '3 days', the locale's plural forms. */
export const formatDays = (days: number): string => t('dashboard.time.days', { days });

/** Digits-only field text as a whole number; an empty or invalid field counts as 0 (spec 5). */
function fieldValue(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : 0;
}

export function toMinutes(hours: string, minutes: string): number {
  return fieldValue(hours) * 60 + fieldValue(minutes);
}
