import { useEffect, useRef } from 'react';
import { retryDelayMs, retryPolicy } from '@/lib/retryPolicy';

/** Checks stay a few seconds apart at most: a learner waits that long, never longer. */
const CHECKS = { ...retryPolicy, baseDelayMs: 1000, maxDelayMs: 4000 };

/**
 * While `waiting`, asks `answers` whether the server is back: at once when the browser says it is
 * online again or the page is looked at again, otherwise 1 s, 2 s, then every 4 s. Each time it
 * is, `onReturn` runs (the learner need not click 'Try again'); the checks go on while `waiting`
 * holds, since what `onReturn` started may still fail.
 */
export function useOnServerReturn(waiting: boolean, answers: () => Promise<boolean>, onReturn: () => void): void {
  const latest = useRef({ answers, onReturn });
  useEffect(() => {
    latest.current = { answers, onReturn };
  });

  useEffect(() => {
    if (!waiting) return;
    let stopped = false;
    let checking = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const check = async () => {
      if (stopped || checking) return;
      checking = true;
      clearTimeout(timer);
      const back = await latest.current.answers();
      checking = false;
      if (stopped) return;
      if (back) latest.current.onReturn();
      attempt += 1;
      timer = setTimeout(() => void check(), retryDelayMs(attempt, CHECKS));
    };
    const now = () => {
      if (document.visibilityState === 'visible') void check();
    };

    attempt = 1;
    timer = setTimeout(() => void check(), retryDelayMs(attempt, CHECKS));
    window.addEventListener('online', now);
    window.addEventListener('focus', now);
    document.addEventListener('visibilitychange', now);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', now);
      window.removeEventListener('focus', now);
      document.removeEventListener('visibilitychange', now);
    };
  }, [waiting]);
}
