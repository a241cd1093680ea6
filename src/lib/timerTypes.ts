import type { Skill } from '@common/domain';

export interface RunningTimer {
  id: string;
  language: string;
  skill: Skill;
  startedAt: string;
}
export interface TimerAnswer {
  timer: RunningTimer | null;
}
export type StartTimer = Pick<RunningTimer, 'id' | 'skill' | 'startedAt'>;
