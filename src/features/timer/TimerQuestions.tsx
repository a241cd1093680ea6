import { useId, useState } from 'react';
import type { Skill } from '@common/domain';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { ErrorText } from '@/components/StatusMessage';
import { SKILL_NAMES } from '@/lib/skills';
import { formatHoursMinutesLong } from '@/lib/time';
import type { StartTimer } from '@common/schemas/timer';
import type { TimerQuestion } from './timerSlice';

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
  const running = SKILL_NAMES[timer.skill];
  if (question.kind === 'switch') {
    const next = SKILL_NAMES[question.to];
    return (
      <Modal
        title={`Stop the ${running} timer and start ${next}?`}
        size="sm"
        onClose={onCancel}
        footer={
          <>
            <Button $variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            <Button onClick={() => onStop(question.to)}>Stop and start {next}</Button>
          </>
        }
      >
        <p>Its time is added to {running} first.</p>
      </Modal>
    );
  }
  return <LongTimer timer={timer} then={question.then} onFinish={onFinish} onCancel={onCancel} />;
}

function LongTimer({ timer, then, onFinish, onCancel }: Pick<Props, 'timer' | 'onFinish' | 'onCancel'> & { then: Skill | null }) {
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
      setError('Choose a time between the start of the timer and now.');
      return;
    }
    onFinish(instant, then);
  };

  return (
    <Modal
      title={`The ${SKILL_NAMES[timer.skill]} timer ran for ${ran}`}
      size="sm"
      onClose={onCancel}
      footer={
        settingEnd ? (
          <Button onClick={stopAtEnd}>Stop at this time</Button>
        ) : (
          <>
            <Button $variant="danger" onClick={() => onFinish('discard', then)}>
              Discard
            </Button>
            <Button $variant="secondary" onClick={() => setSettingEnd(true)}>
              Set the end time
            </Button>
            <Button onClick={() => onFinish(Date.now(), then)}>Keep</Button>
          </>
        )
      }
    >
      <p>Keep all of it, set the time you really stopped, or discard it. Nothing is added until you choose.</p>
      {settingEnd && (
        <>
          <label htmlFor={fieldId}>End time</label>
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
