/**
 * Issue #45: the timer's questions (its dialogs) are their own chunk, asked for after the first
 * paint (src/app/router.tsx, the dashboard's loader), with their own Suspense boundary so the bar
 * that opens them never gives way to a fallback.
 */
import { Suspense, lazy, type ComponentProps } from 'react';
import type { TimerQuestions as Questions } from './TimerQuestions';

const LazyTimerQuestions = lazy(() => import('./TimerQuestions').then((m) => ({ default: m.TimerQuestions })));

export function TimerQuestions(props: ComponentProps<typeof Questions>) {
  return (
    <Suspense fallback={null}>
      <LazyTimerQuestions {...props} />
    </Suspense>
  );
}
