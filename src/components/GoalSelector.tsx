import styled from 'styled-components';
import { GOAL_HOUR_OPTIONS, goalMinuteOptions } from '@common/domain';
import { Select, SelectField } from '@/components/Select';
import { splitMinutes } from '@/lib/time';

interface GoalSelectorProps {
  /** The daily goal in minutes. */
  value: number;
  onChange: (minutes: number) => void;
  idPrefix: string;
}

function nearest(options: number[], target: number): number {
  return options.reduce((best, m) => (Math.abs(m - target) < Math.abs(best - target) ? m : best), options[0]);
}

/** Hours 0..12 and the minutes offered for those hours (spec 5: at least 5 minutes, at most 12 hours). */
export function GoalSelector({ value, onChange, idPrefix }: GoalSelectorProps) {
  const { hours, minutes } = splitMinutes(value);
  const minuteOptions = goalMinuteOptions(hours);
  // A stored goal off the offered steps still shows as the closest choice rather than a blank select.
  const shownMinutes = minuteOptions.includes(minutes) ? minutes : nearest(minuteOptions, minutes);

  const chooseHours = (nextHours: number) => {
    const offered = goalMinuteOptions(nextHours);
    const nextMinutes = offered.includes(shownMinutes) ? shownMinutes : nearest(offered, shownMinutes);
    onChange(nextHours * 60 + nextMinutes);
  };

  return (
    <Row>
      <SelectField>
        <label htmlFor={`${idPrefix}-hours`}>Hours</label>
        <Select id={`${idPrefix}-hours`} value={hours} onChange={(e) => chooseHours(Number(e.target.value))}>
          {GOAL_HOUR_OPTIONS.map((h) => (
            <option key={h} value={h}>
              {h}
            </option>
          ))}
        </Select>
      </SelectField>
      <SelectField>
        <label htmlFor={`${idPrefix}-minutes`}>Minutes</label>
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
