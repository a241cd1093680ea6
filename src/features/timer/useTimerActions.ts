import type { Skill } from '@common/domain';
import { useAppDispatch } from '@/api/hooks';
import { asksBeforeStop } from '@/lib/timerSpan';
import { startTimerFor, stopTimerAt } from './timerCalls';
import { questionAsked } from './timerSlice';
import { useRunningTimer } from './useRunningTimer';

/**
 * What the timer's buttons do. Starting another skill's timer asks first; stopping a timer that
 * ran over 3 hours asks what to keep first; only then are minutes added.
 */
export function useTimerActions() {
  const dispatch = useAppDispatch();
  const timer = useRunningTimer();

  /** Stops the running timer at `end` (or discards it), then starts `then`'s timer if asked to. */
  const finish = async (end: number | 'discard', then: Skill | null) => {
    dispatch(questionAsked(null));
    if (timer) await dispatch(stopTimerAt(timer, end));
    if (then) await dispatch(startTimerFor(then));
  };

  const stop = (then: Skill | null = null) => {
    if (timer && asksBeforeStop(Date.now() - Date.parse(timer.startedAt))) {
      dispatch(questionAsked({ kind: 'long', then }));
      return;
    }
    void finish(Date.now(), then);
  };

  const start = (skill: Skill) => {
    if (!timer) void dispatch(startTimerFor(skill));
    else if (timer.skill !== skill) dispatch(questionAsked({ kind: 'switch', to: skill }));
  };

  return { timer, start, stop, finish };
}
