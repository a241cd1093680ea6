import styled from 'styled-components';
import { GOAL_HOUR_OPTIONS, GOAL_MAX_HOURS, GOAL_MIN_MINUTES, goalMinuteOptions } from '@common/domain';
import { Select, SelectField } from '@/components/Select';
import { splitMinutes } from '@/lib/time';
import { useT } from '@/i18n/I18nProvider';

interface GoalSelectorProps {
  /** The daily goal in minutes. */
  value: number;
  onChange: (minutes: number) => void;
  idPrefix: string;
}

function nearest(options: number[], target: number): number {
  return options.reduce((best, m) => (Math.abs(m - target) < Math.abs(best - target) ? m : best), options[0]);
}

/** Whether `minutes` with `hours` makes a goal within the spec's bounds (5 minutes to 12 hours). */
function fits(hours: number, minutes: number): boolean {
  const total = hours * 60 + minutes;
  return total >= GOAL_MIN_MINUTES && total <= GOAL_MAX_HOURS * 60;
}

/**
 * The offered steps, plus the goal's own minutes when they are off the steps (40, from an import or
 * another device): the goal shows as it is and a change of the hours alone keeps its minutes.
 */
function minuteOptionsFor(hours: number, minutes: number): number[] {
  const steps = goalMinuteOptions(hours);
  if (steps.includes(minutes) || !fits(hours, minutes)) return steps;
  return [...steps, minutes].sort((a, b) => a - b);
}

/** Hours 0..12 and the minutes offered for those hours (spec 5: at least 5 minutes, at most 12 hours). */
export function GoalSelector({ value, onChange, idPrefix }: GoalSelectorProps) {
  const t = useT();
  const { hours, minutes } = splitMinutes(value);
  const minuteOptions = minuteOptionsFor(hours, minutes);
  // A stored goal the bounds rule out still shows as the closest choice rather than a blank select.
  const shownMinutes = minuteOptions.includes(minutes) ? minutes : nearest(minuteOptions, minutes);

  const chooseHours = (nextHours: number) => {
    const offered = minuteOptionsFor(nextHours, shownMinutes);
    const nextMinutes = offered.includes(shownMinutes) ? shownMinutes : nearest(offered, shownMinutes);
    onChange(nextHours * 60 + nextMinutes);
  };

  return (
    <Row>
      <SelectField>
        <label htmlFor={`${idPrefix}-hours`}>{t('common.hours')}</label>
        <Select id={`${idPrefix}-hours`} value={hours} onChange={(e) => chooseHours(Number(e.target.value))}>
          {GOAL_HOUR_OPTIONS.map((h) => (
            <option key={h} value={h}>
              {h}
            </option>
          ))}
        </Select>
      </SelectField>
      <SelectField>
        <label htmlFor={`${idPrefix}-minutes`}>{t('common.minutes')}</label>
        <Select id={`${idPrefix}-minutes`} value={shownMinutes} onChange={(e) => onChange(hours * 60 + Number(e.target.value))}>
          {minuteOptions.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </Select>
      </SelectField>
    </Row>
  );
}

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  > * { flex: 1; }
`;
