import type { DailyMinutes } from '@common/api-types';
import type { Skill } from '@common/domain';
import { DAILY_SKILL_LIMIT_MINS } from '@common/domain';
import { brokenDayLimit, dayMinutesOf, roomLeft, withAdded } from '@common/dayLimits';
import { t } from '@/i18n/i18n';
import { formatHm } from '@/lib/time';

const SKILL_LIMIT_HOURS = DAILY_SKILL_LIMIT_MINS / 60;

/**
 * An amount no day can hold (more than 16 hours of one skill, e.g. 99 h 9999 m) is valid
 * numbers but too much: said before sending, with what is still allowed today, e.g.
 * 'At most 16 hours of listening a day: 2h 10m left today'. Null when the amount may be sent.
 */
export function tooMuchMessage(skill: Skill, minutes: number, today?: DailyMinutes): string | null {
  // Too much for any day: an empty one would not hold it (common/dayLimits.ts).
  if (brokenDayLimit(withAdded(dayMinutesOf(undefined), skill, minutes)) === null) return null;
  const values = { hours: SKILL_LIMIT_HOURS, skill };
  if (!today) return t('dashboard.addTime.atMost', values);
  return t('dashboard.addTime.atMostLeft', { ...values, time: formatHm(roomLeft(dayMinutesOf(today), skill).skill) });
}

/**
 * Beside the server's own limit message (shown as it is, spec 8): how much is still allowed
 * today, which that message does not say. Null for other failures or while today is unknown.
 */
export function leftTodayHint(code: string | undefined, skill: Skill, today?: DailyMinutes): string | null {
  if (!today) return null;
  if (code === 'DAILY_TIME_EXCEEDED') {
    return t('dashboard.addTime.skillLeft', { time: formatHm(roomLeft(dayMinutesOf(today), skill).skill), skill });
  }
  if (code === 'TOTAL_DAILY_TIME_EXCEEDED') {
    return t('dashboard.addTime.dayLeft', { time: formatHm(roomLeft(dayMinutesOf(today), skill).day) });
  }
  return null;
}
