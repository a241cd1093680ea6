import { t } from '@/i18n/i18n';
import { formatHm } from '@/lib/time';

/** Under this many minutes left, the message cheers the learner on with 'Only'. */
const ALMOST_THERE_MINS = 60;

/** The line under the daily goal bar (spec 4 "Daily goal message"), in the locale in force. */
export function goalMessage(goalMinutes: number, todayMinutes: number): string {
  const left = goalMinutes - todayMinutes;
  if (left <= 0) return t('dashboard.goal.complete');
  const time = formatHm(left);
  return left < ALMOST_THERE_MINS ? t('dashboard.goal.onlyLeft', { time }) : t('dashboard.goal.left', { time });
}
