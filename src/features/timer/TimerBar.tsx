import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import type { Skill } from '@common/domain';
import { useAppDispatch, useAppSelector } from '@/api/hooks';
import { useRunningTimerQuery } from '@/api/apiSlice';
import { Button } from '@/components/Button';
import { FailureNotice } from '@/components/FailureNotice';
import { ErrorLine } from '@/components/StatusMessage';
import { SKILL_NAMES } from '@/lib/skills';
import { formatHoursMinutesLong } from '@/lib/time';
import { formatElapsed, isForgotten } from '@/lib/timerSpan';
import { TimerQuestions } from './lazyQuestions';
import { noteShown, questionAsked, selectFailure, selectNote, selectQuestion } from './timerSlice';
import { useNow } from './useNow';
import { useRunningTimer } from './useRunningTimer';
import { useTimerActions } from './useTimerActions';
import { visuallyHidden } from '@/styles/visuallyHidden';
import { useT } from '@/i18n/I18nProvider';

/**
 * The one timer bar: the running skill, its elapsed time (`h:mm:ss`, now − start, in a
 * role="timer" element, which screen readers do not read out every second) and 'Stop timer';
 * after a stop, what it added. Starts and stops are announced through the status line.
 */
export function TimerBar() {
  const t = useT();
  const dispatch = useAppDispatch();
  const { timer, stop, finish } = useTimerActions();
  const question = useAppSelector(selectQuestion);
  const note = useAppSelector(selectNote);
  const failure = useAppSelector(selectFailure);
  const read = useRunningTimerQuery();
  const now = useNow(Boolean(timer));
  const labelId = useId();
  const forgotten = useForgottenOnOpen(timer?.id, timer && now - Date.parse(timer.startedAt));
  const elapsed = timer ? now - Date.parse(timer.startedAt) : 0;

  return (
    <Bar aria-label={t('timer.bar.label')} $empty={!timer && !note && !failure && !read.isError} data-timer-bar={timer ? 'running' : undefined}>
      <FailureNotice reads={[read]} />
      {failure && <ErrorLine role="alert">{failure}</ErrorLine>}
      {timer && (
        <Running>
          <span id={labelId}>{t('timer.bar.running', { skill: SKILL_NAMES[timer.skill] })}</span>
          <Clock role="timer" aria-labelledby={labelId}>
            {formatElapsed(elapsed)}
          </Clock>
          <Button $variant="secondary" onClick={() => stop()}>
            {t('timer.bar.stop')}
          </Button>
        </Running>
      )}
      {/* forgotten is a number: 0 must render nothing, not a stray "0" under the running timer. */}
      {timer && forgotten > 0 && (
        <Notice role="alert">
          {t('timer.bar.forgotten', { skill: SKILL_NAMES[timer.skill], duration: formatHoursMinutesLong(forgotten / 60_000) })}
        </Notice>
      )}
      <Note role="status">
        {note}
        {note && !timer && (
          <Button $variant="ghost" onClick={() => dispatch(noteShown(null))}>
            {t('common.dismiss')}
          </Button>
        )}
      </Note>
      {question && timer && (
        <TimerQuestions
          question={question}
          timer={timer}
          onFinish={(end, then) => void finish(end, then)}
          onStop={stop}
          onCancel={() => dispatch(questionAsked(null))}
        />
      )}
    </Bar>
  );
}

/** On the running skill's card: says in words that its timer runs (not by colour alone). */
export function RunningMark({ skill }: { skill: Skill }) {
  const timer = useRunningTimer();
  const t = useT();
  if (timer?.skill !== skill) return null;
  return (
    <Mark>
      <span aria-hidden="true">●</span> {t('timer.mark.running')}
    </Mark>
  );
}

/** How long the timer had run when the app opened with it, if that was over 8 hours (else 0). */
function useForgottenOnOpen(id: string | undefined, elapsed: number | null): number {
  const [seen, setSeen] = useState<{ id: string; forgotten: number } | null>(null);
  useEffect(() => {
    if (id && elapsed !== null && seen?.id !== id) setSeen({ id, forgotten: isForgotten(elapsed) ? elapsed : 0 });
  }, [id, elapsed, seen]);
  return seen && seen.id === id ? seen.forgotten : 0;
}

/* Always mounted, so its status line is in place before the first announcement; out of the layout while empty. */
const Bar = styled.section<{ $empty: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  background: ${({ theme }) => theme.colors.surface};
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.card};
  ${({ $empty }) => $empty && visuallyHidden}
`;

const Running = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Clock = styled.span`
  font-size: ${({ theme }) => theme.font.size.xl};
  font-variant-numeric: tabular-nums;
  margin-inline-end: auto;
`;

const Notice = styled.p`
  color: ${({ theme }) => theme.colors.error};
`;

const Mark = styled.span`
  align-self: flex-start;
  padding: 2px ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.primaryLight};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Note = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;
