import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import type { DailyMinutes } from '@common/api-types';
import type { Skill } from '@common/domain';
import { skillDailyField } from '@common/domain';
import { useAppDispatch } from '@/api/hooks';
import { useLearnerToday } from '@/api/useLearnerToday';
import type { KeptEntry } from '@/api/session';
import { entryKept } from '@/api/session';
import type { Outcome } from '@/sync';
import { addTime, addUnwatched } from '@/sync';
import { Button } from '@/components/Button';
import { HoursMinutesInput } from '@/components/DigitsInput';
import { Modal } from '@/components/Modal';
import { ErrorLine, ErrorText } from '@/components/StatusMessage';
import { SKILL_NAMES } from '@/lib/skills';
import { useT } from '@/i18n/I18nProvider';
import { ERRORS, messageFor, refusalMessage, serverErrorCode } from '@/lib/errorMessages';
import { formatHoursMinutesLong, toMinutes } from '@/lib/time';
import { leftTodayHint, tooMuchMessage } from './addTimeLimit';
import { isDigitsOrEmpty, TimeForm } from './timeForm';

/** The longest a learner sees 'Adding...': past it the add is said to be kept on the device (the outbox sends it). */
export const ADDING_AT_MOST_MS = 8_000;

const keptAfter = (ms: number) => new Promise<Outcome>((resolve) => setTimeout(() => resolve({ kind: 'queued' }), ms));

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
  const t = useT();
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
    // Kept on the device already: the outbox sends it; another submit would add it twice.
    if (queued || isLoading) return;
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
    const outcome = dispatch(addTime({ key, body: { date, [skillDailyField(skill)]: total }, origin: 'tap' }));
    const result = await Promise.race([outcome, keptAfter(ADDING_AT_MOST_MS)]);
    // Waited long enough (a server that holds the request, another tab holding the outbox): the
    // add is kept and sent by the outbox; a refusal met later is listed with the adds not saved.
    dispatch(addUnwatched(key));
    setIsLoading(false);
    // Offline on purpose: the banner already says adds are sent later, and the tile says it waits.
    if (result.kind === 'synced' || (result.kind === 'queued' && navigator.onLine === false)) {
      onClose();
      return;
    }
    // The server did not answer (a 5xx, no answer): one calm state, nothing to try again.
    if (result.kind === 'queued') {
      setQueued(true);
      return;
    }
    // The session ended under the learner: the entry waits for them after signing in again.
    if (result.kind === 'unauthorized') {
      dispatch(entryKept({ skill, hours, minutes }));
      setError(messageFor(result.error, 'ADD_DAILY_TIME_ERROR'));
      return;
    }
    setError(refusalMessage(result.error, 'ADD_DAILY_TIME_ERROR'));
    setLeftToday(leftTodayHint(serverErrorCode(result.error), skill, today));
  };

  const footer = queued ? (
    <Button onClick={onClose}>{t('dashboard.addTime.ok')}</Button>
  ) : (
    <>
      <Button $variant="secondary" onClick={onClose}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" form={formId} disabled={isLoading}>
        {isLoading ? t('dashboard.addTime.adding') : t('dashboard.addTime.add')}
      </Button>
    </>
  );

  return (
    <Modal title={t('dashboard.addTime.title', { skill: name })} onClose={onClose} footer={footer} size="sm">
      <TimeForm id={formId} onSubmit={onSubmit} noValidate>
        {error && <ErrorText>{error}</ErrorText>}
        {leftToday && <ErrorLine>{leftToday}</ErrorLine>}
        {queued && <Kept role="status">{t('sync.offline.keptOnDevice')}</Kept>}
        <HoursMinutesInput
          idPrefix={`add-${skill}`}
          legend={t('dashboard.addTime.legend', { skill: name })}
          hours={hours}
          minutes={minutes}
          onHoursChange={setHours}
          onMinutesChange={setMinutes}
          focusHours
        />
        {skillToday !== undefined && <Hint>{t('dashboard.addTime.todaySoFar', { time: formatHoursMinutesLong(skillToday) })}</Hint>}
      </TimeForm>
    </Modal>
  );
}

const Kept = styled.p`
  margin: 0;
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
