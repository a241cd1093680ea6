import { useEffect } from 'react';
import { useAppDispatch } from '@/api/hooks';
import { outboxStarted, outboxStopped } from './outbox';

/** While a learner is signed in, the outbox sends what waits and watches for the moments to send more. */
export function OutboxRunner() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(outboxStarted());
    return () => {
      dispatch(outboxStopped());
    };
  }, [dispatch]);
  return null;
}
