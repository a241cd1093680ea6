import { useId } from 'react';
import styled from 'styled-components';
import { DAY_ENDS_AT_HOUR_MAX } from '@common/schemas/dayBoundary';
import { Select, SelectField } from '@/components/Select';
import { useT } from '@/i18n/I18nProvider';

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
  const t = useT();
  return (
    <SelectField>
      <label htmlFor={id}>{t('settings.dayBoundary.label')}</label>
      <Select id={id} value={value} aria-describedby={hintId} onChange={(e) => onChange(Number(e.target.value))}>
        {HOURS.map((hour) => (
          <option key={hour} value={hour}>
            {hour === 0 ? t('settings.dayBoundary.midnight', { time: clock(hour) }) : clock(hour)}
          </option>
        ))}
      </Select>
      <Hint id={hintId}>
        {value === 0
          ? t('settings.dayBoundary.midnightHint')
          : t('settings.dayBoundary.hint', { time: clock(value) })}
      </Hint>
    </SelectField>
  );
}

const Hint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;
