import { useState } from 'react';
import styled from 'styled-components';
import { FIRST_DATE } from '@common/domain';
import type { RestDays } from '@common/schemas/restDays';
import { Button } from '@/components/Button';
import { SelectField } from '@/components/Select';
import { ErrorLine } from '@/components/StatusMessage';
import { formatDayName } from '@/lib/calendar';
import {
  WEEKDAY_NAMES,
  canAddWeekday,
  lastBreakDay,
  periodAdded,
  periodProblem,
  periodRemoved,
  weekdayToggled,
} from './restDaysDraft';
import { useT } from '@/i18n/I18nProvider';

/** The weekdays' names, Sunday first (the API's 0 to 6). */
const WEEKDAY_KEYS = [
  'settings.restDays.sunday',
  'settings.restDays.monday',
  'settings.restDays.tuesday',
  'settings.restDays.wednesday',
  'settings.restDays.thursday',
  'settings.restDays.friday',
  'settings.restDays.saturday',
] as const;

interface RestDaysFieldProps {
  idPrefix: string;
  value: RestDays;
  onChange: (value: RestDays) => void;
}

/**
 * Weekdays to rest and breaks (contract, second edition): a rest day that is not achieved neither
 * counts in a streak nor breaks it. Edits go into the settings draft and are saved with Save.
 */
export function RestDaysField({ idPrefix, value, onChange }: RestDaysFieldProps) {
  const t = useT();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const lastDay = lastBreakDay();

  const addBreak = () => {
    const period = { from, to };
    const why = periodProblem(value, period);
    setProblem(why);
    if (why) return;
    onChange(periodAdded(value, period));
    setFrom('');
    setTo('');
  };

  return (
    <Stack>
      <Hint>{t('settings.restDays.hint')}</Hint>
      <fieldset>
        <legend>{t('settings.restDays.weekdays')}</legend>
        <Weekdays>
          {WEEKDAY_NAMES.map((name, weekday) => {
            const checked = value.weekdays.includes(weekday);
            return (
              <label key={name}>
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && !canAddWeekday(value)}
                  onChange={() => onChange(weekdayToggled(value, weekday))}
                />
                {t(WEEKDAY_KEYS[weekday])}
              </label>
            );
          })}
        </Weekdays>
      </fieldset>
      <fieldset>
        <legend>{t('settings.restDays.breaks')}</legend>
        {value.periods.length === 0 ? (
          <Hint>{t('settings.restDays.noBreaks')}</Hint>
        ) : (
          <Breaks>
            {value.periods.map((period, index) => {
              const text = period.from === period.to ? formatDayName(period.from) : t('settings.restDays.span', { from: formatDayName(period.from), to: formatDayName(period.to) });
              return (
                <li key={`${period.from}-${period.to}-${index}`}>
                  <span>{text}</span>
                  <Button $variant="ghost" aria-label={t('settings.restDays.removeBreak', { when: text })} onClick={() => onChange(periodRemoved(value, index))}>
                    {t('settings.restDays.remove')}
                  </Button>
                </li>
              );
            })}
          </Breaks>
        )}
        <AddBreak>
          <SelectField>
            <label htmlFor={`${idPrefix}-from`}>{t('settings.restDays.firstDay')}</label>
            <input id={`${idPrefix}-from`} type="date" min={FIRST_DATE} max={lastDay} value={from} onChange={(e) => setFrom(e.target.value)} />
          </SelectField>
          <SelectField>
            <label htmlFor={`${idPrefix}-to`}>{t('settings.restDays.lastDay')}</label>
            <input id={`${idPrefix}-to`} type="date" min={from || FIRST_DATE} max={lastDay} value={to} onChange={(e) => setTo(e.target.value)} />
          </SelectField>
          <Button $variant="secondary" onClick={addBreak}>
            {t('settings.restDays.addBreak')}
          </Button>
        </AddBreak>
        {problem && <ErrorLine role="alert">{problem}</ErrorLine>}
      </fieldset>
    </Stack>
  );
}

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  fieldset {
    border: 0;
    padding: 0;
    margin: 0;
    display: grid;
    gap: ${({ theme }) => theme.space.sm};
  }
  legend {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin: 0;
`;

const Weekdays = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    min-height: 44px;
  }
`;

const Breaks = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm};
  }
`;

/* The date fields look like the form's selects: label above, same border, height and type size. */
const AddBreak = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
  input {
    min-height: 44px;
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-size: ${({ theme }) => theme.font.size.md};
  }
`;
