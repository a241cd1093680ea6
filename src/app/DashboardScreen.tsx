import type { Skill } from '@common/domain';
import { DashboardPage } from '@/features/dashboard/DashboardPage';
import { StartTimerButton } from '@/features/timer/StartTimerButton';
import { RunningMark, TimerBar } from '@/features/timer/TimerBar';

const startTimerButton = (skill: Skill) => <StartTimerButton skill={skill} />;
const runningMark = (skill: Skill) => <RunningMark skill={skill} />;

/** The dashboard with the timer's bar and start buttons in its slots: features meet only here. */
export function DashboardScreen() {
  return <DashboardPage bar={<TimerBar />} skillAction={startTimerButton} skillStatus={runningMark} />;
}
