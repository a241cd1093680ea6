import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import type { Skill } from '@common/domain';
import { ADD_MINUTES_MAX, localIsoDate, skillDailyField } from '@common/domain';
import { useAddDailyActivityMutation } from '@/app/apiSlice';
import { Button } from '@/components/Button';
import { HoursMinutesInput } from '@/components/DigitsInput';
import { Modal } from '@/components/Modal';
import { ErrorText } from '@/components/StatusMessage';
import { SKILL_NAMES } from '@/lib/skills';
import { ERRORS, messageFor } from '@/lib/errorMessages';
import { formatHoursMinutesLong, toMinutes } from '@/lib/time';
import { isDigitsOrEmpty, TimeForm } from './timeForm';

interface AddTimeModalProps {
  skill: Skill;
  todayMinutes: number;
  onClose: () => void;
}

/**
 * 'Add {Skill} Time' (spec 2, 5). Nothing to add (0 minutes) and more than one day's worth are
 * caught here with the invalid-input message, so only amounts the server may accept are sent.
 */
export function AddTimeModal({ skill, todayMinutes, onClose }: AddTimeModalProps) {
  const formId = useId();
  const [hours, setHours] = useState('');
  const [minutes, setMinutes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [addTime, { isLoading }] = useAddDailyActivityMutation();
  const name = SKILL_NAMES[skill];

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const total = toMinutes(hours, minutes);
    if (!isDigitsOrEmpty(hours) || !isDigitsOrEmpty(minutes) || total < 1 || total > ADD_MINUTES_MAX) {
      setError(ERRORS.NOT_NUMBER_INPUT);
      return;
    }
    setError(null);
    try {
      await addTime({ date: localIsoDate(), [skillDailyField(skill)]: total }).unwrap();
      onClose();
    } catch (failure) {
      setError(messageFor(failure, 'ADD_DAILY_TIME_ERROR'));
    }
  };

  const footer = (
    <>
      <Button $variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={isLoading}>
        {isLoading ? 'Adding...' : 'Add'}
      </Button>
    </>
  );

  return (
    <Modal title={`Add ${name} Time`} onClose={onClose} footer={footer} size="sm">
      <TimeForm id={formId} onSubmit={onSubmit} noValidate>
        {error && <ErrorText>{error}</ErrorText>}
        <HoursMinutesInput
          idPrefix={`add-${skill}`}
          legend={`${name} time to add`}
          hours={hours}
          minutes={minutes}
          onHoursChange={setHours}
          onMinutesChange={setMinutes}
        />
        <Hint>Today so far: {formatHoursMinutesLong(todayMinutes)}</Hint>
      </TimeForm>
    </Modal>
  );
}

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
