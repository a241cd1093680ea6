import type { Skill } from '@common/domain';
import { ADD_MINUTES_MAX, DAILY_SKILL_LIMIT_MINS, DAILY_TOTAL_LIMIT_MINS } from '@common/domain';
import { formatHm } from '@/lib/time';

const hoursOf = (minutes: number) => minutes / 60;

/**
 * What the server would refuse as too much (spec 8's limits), said before sending and with what
 * is still allowed today: 'At most 16 hours of listening a day: 2h 10m left today'. Null when the
 * amount fits. `skillToday`/`totalToday` are unknown (undefined) while today's minutes load.
 */
export function tooMuchMessage(skill: Skill, minutes: number, skillToday?: number, totalToday?: number): string | null {
  const skillLeft = skillToday === undefined ? undefined : Math.max(0, DAILY_SKILL_LIMIT_MINS - skillToday);
  const totalLeft = totalToday === undefined ? undefined : Math.max(0, DAILY_TOTAL_LIMIT_MINS - totalToday);
  const skillRule = `At most ${hoursOf(DAILY_SKILL_LIMIT_MINS)} hours of ${skill} a day`;
  if (totalLeft !== undefined && totalLeft < (skillLeft ?? Infinity) && minutes > totalLeft) {
    return `At most ${hoursOf(DAILY_TOTAL_LIMIT_MINS)} hours of learning a day: ${formatHm(totalLeft)} left today`;
  }
  if (skillLeft !== undefined && minutes > skillLeft) return `${skillRule}: ${formatHm(skillLeft)} left today`;
  if (minutes > Math.min(ADD_MINUTES_MAX, DAILY_SKILL_LIMIT_MINS)) return skillRule;
  return null;
}
