import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import type { DailyMinutes } from '@common/api-types';
import type { Skill } from '@common/domain';
import { skillDailyField } from '@common/domain';
import { useAddDailyActivityMutation } from '@/app/apiSlice';
import { useAppDispatch } from '@/app/hooks';
import { useLearnerToday } from '@/app/useLearnerToday';
import type { KeptEntry } from '@/app/session';
import { entryKept } from '@/app/session';
import { Button } from '@/components/Button';
import { HoursMinutesInput } from '@/components/DigitsInput';
import { Modal } from '@/components/Modal';
import { ErrorLine, ErrorText } from '@/components/StatusMessage';
import { SKILL_NAMES } from '@/lib/skills';
import { ERRORS, messageFor, serverErrorCode } from '@/lib/errorMessages';
import { formatHoursMinutesLong, toMinutes } from '@/lib/time';
import { leftTodayHint, tooMuchMessage } from './addTimeLimit';
import { isDigitsOrEmpty, TimeForm } from './timeForm';

interface AddTimeModalProps {
  skill: Skill;
  /** Today's minutes, once they have arrived. */
  today?: DailyMinutes;
  /** An entry kept from a session that ended while it was being added. */
  kept?: KeptEntry;
  onClose: () => void;
}

/**
 * 'Add {Skill} Time' (spec 2, 5). Nothing to add (0 minutes) is caught with the invalid-input
 * message, more than the day allows with what is still allowed, so only amounts the server may
 * accept are sent.
 */
export function AddTimeModal({ skill, today, kept, onClose }: AddTimeModalProps) {
  const formId = useId();
  const dispatch = useAppDispatch();
  const [hours, setHours] = useState(kept?.hours ?? '');
  const [minutes, setMinutes] = useState(kept?.minutes ?? '');
  const [error, setError] = useState<string | null>(null);
  const [leftToday, setLeftToday] = useState<string | null>(null);
  const [addTime, { isLoading }] = useAddDailyActivityMutation();
  const name = SKILL_NAMES[skill];
  const skillToday = today?.[skillDailyField(skill)];
  const date = useLearnerToday();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const total = toMinutes(hours, minutes);
    setLeftToday(null);
    if (!isDigitsOrEmpty(hours) || !isDigitsOrEmpty(minutes) || total < 1) {
      setError(ERRORS.NOT_NUMBER_INPUT);
      return;
    }
    const tooMuch = tooMuchMessage(skill, total, today);
    if (tooMuch) {
      setError(tooMuch);
      return;
    }
    setError(null);
    try {
      await addTime({ date, [skillDailyField(skill)]: total }).unwrap();
      onClose();
    } catch (failure) {
      // The session ended under the learner: the entry waits for them after signing in again.
      if ((failure as { status?: unknown }).status === 401) dispatch(entryKept({ skill, hours, minutes }));
      setError(messageFor(failure, 'ADD_DAILY_TIME_ERROR'));
      setLeftToday(leftTodayHint(serverErrorCode(failure), skill, today));
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
        {leftToday && <ErrorLine>{leftToday}</ErrorLine>}
        <HoursMinutesInput
          idPrefix={`add-${skill}`}
          legend={`${name} time to add`}
          hours={hours}
          minutes={minutes}
          onHoursChange={setHours}
          onMinutesChange={setMinutes}
          focusHours
        />
        {skillToday !== undefined && <Hint>Today so far: {formatHoursMinutesLong(skillToday)}</Hint>}
      </TimeForm>
    </Modal>
  );
}

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
