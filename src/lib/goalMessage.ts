import { formatHm } from '@/lib/time';

const GOAL_COMPLETE_MESSAGE = 'Congratulations, daily goal complete!';

/** Under this many minutes left, the message cheers the learner on with 'Only'. */
const ALMOST_THERE_MINS = 60;

/** The line under the daily goal bar (spec 4 "Daily goal message"). */
export function goalMessage(goalMinutes: number, todayMinutes: number): string {
  const left = goalMinutes - todayMinutes;
  if (left <= 0) return GOAL_COMPLETE_MESSAGE;
  const message = `${formatHm(left)} left - you can do it!`;
  return left < ALMOST_THERE_MINS ? `Only ${message}` : message;
}
