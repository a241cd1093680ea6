import { useId } from 'react';
import styled from 'styled-components';
import { DAY_ENDS_AT_HOUR_MAX } from '@common/schemas/dayBoundary';
import { Select, SelectField } from '@/components/Select';

const HOURS = Array.from({ length: DAY_ENDS_AT_HOUR_MAX + 1 }, (_, hour) => hour);
const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

interface DayBoundaryFieldProps {
  id: string;
  value: number;
  onChange: (dayEndsAtHour: number) => void;
}

/** "My day ends at" (issue 28): 00:00 (the default) to 04:00, for a learner who studies after midnight. */
export function DayBoundaryField({ id, value, onChange }: DayBoundaryFieldProps) {
  const hintId = useId();
  return (
    <SelectField>
      <label htmlFor={id}>My day ends at</label>
      <Select id={id} value={value} aria-describedby={hintId} onChange={(e) => onChange(Number(e.target.value))}>
        {HOURS.map((hour) => (
          <option key={hour} value={hour}>
            {hour === 0 ? `${clock(hour)} (midnight)` : clock(hour)}
          </option>
        ))}
      </Select>
      <Hint id={hintId}>
        {value === 0
          ? 'A new day starts at midnight.'
          : `Time you log before ${clock(value)} counts for the day before, so a late evening stays one day.`}
      </Hint>
    </SelectField>
  );
}

const Hint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;
