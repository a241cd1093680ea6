import { useId, useState } from 'react';
import type { Skill } from '@common/domain';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { ErrorText } from '@/components/StatusMessage';
import { SKILL_NAMES } from '@/lib/skills';
import { formatHoursMinutesLong } from '@/lib/time';
import type { StartTimer } from '@common/schemas/timer';
import type { TimerQuestion } from './timerSlice';
import { useT } from '@/i18n/I18nProvider';

interface Props {
  question: TimerQuestion;
  timer: StartTimer;
  /** Stop at an instant or discard, then start `then`'s timer if given. */
  onFinish: (end: number | 'discard', then: Skill | null) => void;
  /** Ask the stop's own questions (a timer over 3 hours), then start `then`. */
  onStop: (then: Skill | null) => void;
  onCancel: () => void;
}

/** `YYYY-MM-DDTHH:mm` in local time, the value of a datetime-local field. */
const localInput = (instant: number) => {
  const d = new Date(instant - new Date(instant).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

/** The questions asked before a stop: switching skills, and what to keep of a timer over 3 hours. */
export function TimerQuestions({ question, timer, onFinish, onStop, onCancel }: Props) {
  const t = useT();
  const running = SKILL_NAMES[timer.skill];
  if (question.kind === 'switch') {
    const next = SKILL_NAMES[question.to];
    return (
      <Modal
        title={t('timer.switch.title', { running, next })}
        size="sm"
        onClose={onCancel}
        footer={
          <>
            <Button $variant="secondary" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => onStop(question.to)}>{t('timer.switch.confirm', { next })}</Button>
          </>
        }
      >
        <p>{t('timer.switch.text', { running })}</p>
      </Modal>
    );
  }
  return <LongTimer timer={timer} then={question.then} onFinish={onFinish} onCancel={onCancel} />;
}

function LongTimer({ timer, then, onFinish, onCancel }: Pick<Props, 'timer' | 'onFinish' | 'onCancel'> & { then: Skill | null }) {
  const t = useT();
  const start = Date.parse(timer.startedAt);
  const [now] = useState(() => Date.now());
  const [settingEnd, setSettingEnd] = useState(false);
  const [end, setEnd] = useState(() => localInput(now));
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const ran = formatHoursMinutesLong((now - start) / 60_000);

  const stopAtEnd = () => {
    const instant = new Date(end).getTime();
    if (Number.isNaN(instant) || instant < start || instant > Date.now()) {
      setError(t('timer.long.endOutside'));
      return;
    }
    onFinish(instant, then);
  };

  return (
    <Modal
      title={t('timer.long.title', { skill: SKILL_NAMES[timer.skill], duration: ran })}
      size="sm"
      onClose={onCancel}
      footer={
        settingEnd ? (
          <Button onClick={stopAtEnd}>{t('timer.long.stopAt')}</Button>
        ) : (
          <>
            <Button $variant="danger" onClick={() => onFinish('discard', then)}>
              {t('timer.long.discard')}
            </Button>
            <Button $variant="secondary" onClick={() => setSettingEnd(true)}>
              {t('timer.long.setEnd')}
            </Button>
            <Button onClick={() => onFinish(Date.now(), then)}>{t('timer.long.keep')}</Button>
          </>
        )
      }
    >
      <p>{t('timer.long.text')}</p>
      {settingEnd && (
        <>
          <label htmlFor={fieldId}>{t('timer.long.endTime')}</label>
          <input
            id={fieldId}
            type="datetime-local"
            autoFocus
            value={end}
            min={localInput(start)}
            max={localInput(now)}
            onChange={(event) => setEnd(event.target.value)}
          />
        </>
      )}
      {error && <ErrorText>{error}</ErrorText>}
    </Modal>
  );
}
