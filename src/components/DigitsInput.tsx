import type { ClipboardEvent, FormEvent, KeyboardEvent } from 'react';
import styled from 'styled-components';
import { useT } from '@/i18n/I18nProvider';

const ALL_DIGITS = /^\d+$/;

function blockNonDigitKey(event: KeyboardEvent<HTMLInputElement>) {
  // Navigation/editing keys (Backspace, Tab, arrows...) have multi-character names; shortcuts use modifiers.
  if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
  if (!/\d/.test(event.key)) event.preventDefault();
}

function blockNonDigitInput(event: FormEvent<HTMLInputElement>) {
  const data = (event.nativeEvent as InputEvent).data;
  if (data && !ALL_DIGITS.test(data)) event.preventDefault();
}

function blockNonDigitPaste(event: ClipboardEvent<HTMLInputElement>) {
  if (!ALL_DIGITS.test(event.clipboardData.getData('text'))) event.preventDefault();
}

interface DigitsInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  /** The field a dialog focuses first (see Modal). */
  initialFocus?: boolean;
}

/** A text field that takes digits only: other key presses and non-digit pastes are blocked (spec 5). */
export function DigitsInput({ id, label, value, onChange, maxLength = 4, initialFocus }: DigitsInputProps) {
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        maxLength={maxLength}
        data-initial-focus={initialFocus || undefined}
        value={value}
        onKeyDown={blockNonDigitKey}
        onBeforeInput={blockNonDigitInput}
        onPaste={blockNonDigitPaste}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

interface HoursMinutesInputProps {
  idPrefix: string;
  legend: string;
  hours: string;
  minutes: string;
  onHoursChange: (value: string) => void;
  onMinutesChange: (value: string) => void;
  /** Focus the hours field first when the surrounding dialog opens. */
  focusHours?: boolean;
}

export function HoursMinutesInput({ idPrefix, legend, hours, minutes, onHoursChange, onMinutesChange, focusHours }: HoursMinutesInputProps) {
  const t = useT();
  return (
    <Fieldset>
      <legend>{legend}</legend>
      <Pair>
        <DigitsInput id={`${idPrefix}-hours`} label={t('common.hours')} value={hours} onChange={onHoursChange} maxLength={2} initialFocus={focusHours} />
        <DigitsInput id={`${idPrefix}-minutes`} label={t('common.minutes')} value={minutes} onChange={onMinutesChange} maxLength={4} />
      </Pair>
    </Fieldset>
  );
}

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  flex: 1;
  min-width: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Input = styled.input`
  width: 100%;
  min-height: 44px;
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  font-size: ${({ theme }) => theme.font.size.md};
`;

const Fieldset = styled.fieldset`
  /* A fieldset is min-content wide by default, which pushed the inputs past a 375 px modal. */
  min-width: 0;
  border: none;
  margin: 0;
  padding: 0;
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const Pair = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
`;
