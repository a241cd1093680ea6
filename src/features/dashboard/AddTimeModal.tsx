import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import type { DailyMinutes } from '@common/api-types';
import type { Skill } from '@common/domain';
import { skillDailyField } from '@common/domain';
import { useAppDispatch } from '@/app/hooks';
import { useLearnerToday } from '@/app/useLearnerToday';
import type { KeptEntry } from '@/app/session';
import { entryKept } from '@/app/session';
import { firstAttemptOf } from '@/app/sync';
import { Button } from '@/components/Button';
import { HoursMinutesInput } from '@/components/DigitsInput';
import { Modal } from '@/components/Modal';
import { ErrorLine, ErrorText } from '@/components/StatusMessage';
import { addRequested } from '@/lib/outboxRequests';
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
  const [isLoading, setIsLoading] = useState(false);
  /** The add was kept on this device after a failed first try: the outbox sends it, not another tap. */
  const [queued, setQueued] = useState(false);
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
    setIsLoading(true);
    const key = crypto.randomUUID();
    const outcome = firstAttemptOf(key);
    dispatch(addRequested({ key, body: { date, [skillDailyField(skill)]: total }, origin: 'tap' }));
    const result = await outcome;
    setIsLoading(false);
    // Offline on purpose: the banner already says adds are sent later, and the tile says it waits.
    if (result.kind === 'synced' || (result.kind === 'queued' && navigator.onLine === false)) {
      onClose();
      return;
    }
    // The session ended under the learner: the entry waits for them after signing in again.
    if (result.kind === 'unauthorized') dispatch(entryKept({ skill, hours, minutes }));
    if (result.kind === 'queued') setQueued(true);
    setError(messageFor(result.error, 'ADD_DAILY_TIME_ERROR'));
    setLeftToday(leftTodayHint(serverErrorCode(result.error), skill, today));
  };

  const footer = (
    <>
      <Button $variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={isLoading || queued}>
        {isLoading ? 'Adding...' : 'Add'}
      </Button>
    </>
  );

  return (
    <Modal title={`Add ${name} Time`} onClose={onClose} footer={footer} size="sm">
      <TimeForm id={formId} onSubmit={onSubmit} noValidate>
        {error && <ErrorText>{error}</ErrorText>}
        {leftToday && <ErrorLine>{leftToday}</ErrorLine>}
        {queued && <Hint>Kept on this device: it will be added as soon as the server answers.</Hint>}
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
