/**
 * Issue #45: the timer's questions (its dialogs) are their own chunk, asked for after the first
 * paint (src/app/router.tsx, the dashboard's loader), with their own Suspense boundary so the bar
 * that opens them never gives way to a fallback, nor the screen to their code's failure to load
 * (components/CodeBoundary.tsx).
 */
import type { ComponentProps } from 'react';
import { CodeBoundary, retryableLazy } from '@/components/CodeBoundary';
import type { TimerQuestions as Questions } from './TimerQuestions';

const questions = retryableLazy(() => import('./TimerQuestions').then((m) => ({ default: m.TimerQuestions })));

export function TimerQuestions(props: ComponentProps<typeof Questions>) {
  return (
    <CodeBoundary onRetry={questions.retry}>{() => <questions.Component {...props} />}</CodeBoundary>
  );
}
