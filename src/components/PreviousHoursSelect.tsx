import { PREVIOUS_HOURS_OPTIONS } from '@common/domain';
import { Select, SelectField } from '@/components/Select';

interface PreviousHoursSelectProps {
  id: string;
  label: string;
  value: number;
  onChange: (hours: number) => void;
}

/** Hours studied before using the app: multiples of 10 from 0 to 2000 (spec 5). */
export function PreviousHoursSelect({ id, label, value, onChange }: PreviousHoursSelectProps) {
  return (
    <SelectField>
      <label htmlFor={id}>{label}</label>
      <Select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {PREVIOUS_HOURS_OPTIONS.map((h) => (
          <option key={h} value={h}>
            {h}
          </option>
        ))}
      </Select>
    </SelectField>
  );
}
