/** Time display of spec 9: 'h'/'m' parts, and 'N hour(s) M minute(s)' in modals. */

export interface HoursMinutes {
  hours: number;
  minutes: number;
}

export function splitMinutes(totalMinutes: number): HoursMinutes {
  const whole = Math.max(0, Math.floor(totalMinutes));
  return { hours: Math.floor(whole / 60), minutes: whole % 60 };
}

export function formatHm(totalMinutes: number): string {
  const { hours, minutes } = splitMinutes(totalMinutes);
  return `${hours}h ${minutes}m`;
}

const counts = new Intl.NumberFormat('en-GB');

/** A whole number with thousands separators: 2021 hours read '2,021'. */
export const formatCount = (n: number) => counts.format(n);

/** '1 hour', '3 days': a count with its unit, singular only for exactly one. */
export const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

export function formatHoursMinutesLong(totalMinutes: number): string {
  const { hours, minutes } = splitMinutes(totalMinutes);
  return `${plural(hours, 'hour')} ${plural(minutes, 'minute')}`;
}

/** Digits-only field text as a whole number; an empty or invalid field counts as 0 (spec 5). */
function fieldValue(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : 0;
}

export function toMinutes(hours: string, minutes: string): number {
  return fieldValue(hours) * 60 + fieldValue(minutes);
}
