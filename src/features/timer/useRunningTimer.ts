import { useMemo } from 'react';
import { useRunningTimerQuery } from '@/api/apiSlice';
import { useAppSelector } from '@/api/hooks';
import { selectTimerCalls } from '@/sync';
import type { UnsentStart } from './timerSlice';

/**
 * The timer this learner sees: a start still waiting in the outbox first, else the server's
 * timer unless a stop of it waits there.
 */
export function useRunningTimer(): UnsentStart | null {
  const server = useRunningTimerQuery();
  const calls = useAppSelector(selectTimerCalls);
  const waitingStart = useMemo(() => {
    const start = [...calls].reverse().find((call) => call.type === 'start');
    return start?.type === 'start' ? { id: start.id, skill: start.skill, startedAt: start.startedAt, language: start.language } : null;
  }, [calls]);
  const onServer = server.data?.timer;
  const stopped = onServer ? calls.some((call) => call.type === 'stop' && call.id === onServer.id) : false;
  return waitingStart ?? (onServer && !stopped ? onServer : null);
}
