import { useEffect } from 'react';
import { useRunningTimerQuery } from '@/api/apiSlice';
import { useAppDispatch, useAppSelector } from '@/api/hooks';
import { sendUnsentStart, sendUnsentStops } from './timerCalls';
import type { UnsentStart } from './timerSlice';
import { selectUnsent } from './timerSlice';

/**
 * The timer this learner sees: a start not yet sent from this device first, else the server's
 * timer unless this device already stopped it.
 */
export function useRunningTimer(): UnsentStart | null {
  const server = useRunningTimerQuery();
  const unsent = useAppSelector(selectUnsent);
  const onServer = server.data?.timer;
  return unsent.start ?? (onServer && !unsent.stops.includes(onServer.id) ? onServer : null);
}

/** Whatever this device still owes the server is sent on opening, when the network returns and when the page is seen again. */
export function useSendUnsent() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const send = () => {
      void dispatch(sendUnsentStart());
      void dispatch(sendUnsentStops());
    };
    send();
    const onVisible = () => document.visibilityState === 'visible' && send();
    window.addEventListener('online', send);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', send);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [dispatch]);
}
