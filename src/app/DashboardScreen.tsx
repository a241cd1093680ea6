import { loadLaterMessages } from '@/i18n/catalogue';
import { getI18n } from '@/i18n/i18n';
import { useEffect } from 'react';
import type { Skill } from '@common/domain';
import { afterNextPaint } from '@/app/prefetch';
import { DashboardPage } from '@/features/dashboard/DashboardPage';
import { StartTimerButton } from '@/features/timer/StartTimerButton';
import { RunningMark, TimerBar } from '@/features/timer/TimerBar';
import { NARROW_QUERY } from '@/styles/media';

const startTimerButton = (skill: Skill) => <StartTimerButton skill={skill} />;
const runningMark = (skill: Skill) => <RunningMark skill={skill} />;

/**
 * The code kept out of the first paint (issue #45), asked for once it is up rather than when first
 * needed: the dialogs, and the pie chart's drawing (victory) where it is on screen (not on a
 * phone's first tab). A failure here is met again, and handled, where the code itself is loaded.
 */
function loadTheRest() {
  const later: (() => Promise<unknown>)[] = [
    () => import('@/features/dashboard/EditDayModal'),
    () => import('@/features/dashboard/LevelModal'),
    () => import('@/features/dashboard/StartLanguageModal'),
    () => import('@/features/timer/TimerQuestions'),
    // The dialogs' later messages (the level descriptions), in the learner's locale.
    () => loadLaterMessages(getI18n().locale),
  ];
  if (!window.matchMedia(NARROW_QUERY).matches) later.unshift(() => import('@/components/charts/PieRing'));
  for (const load of later) load().catch(() => undefined);
}

/** The dashboard with the timer's bar and start buttons in its slots: features meet only here. */
export function DashboardScreen() {
  useEffect(() => afterNextPaint(loadTheRest), []);
  return <DashboardPage bar={<TimerBar />} skillAction={startTimerButton} skillStatus={runningMark} />;
}
