import { useEffect, useState, useSyncExternalStore } from 'react';
import { firstRender } from '@/lib/firstRender';

const noChange = () => () => undefined;

/**
 * The current instant, renewed every second while `running`, and at once when the page is
 * shown again (pageshow, visibilitychange, focus): elapsed time is always now − start, never a
 * count of ticks, so a sleeping laptop or a backgrounded phone tab loses nothing.
 */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  // A server render, and the browser's hydration of it (issue #45), draw the instant the server drew
  // at: the elapsed time in the markup is the one hydrated, and the next render shows the real one.
  const drawingServerMarkup = useSyncExternalStore(noChange, () => false, () => true);
  useEffect(() => {
    if (!running) return;
    const renew = () => setNow(Date.now());
    renew();
    const interval = window.setInterval(renew, 1000);
    window.addEventListener('pageshow', renew);
    window.addEventListener('focus', renew);
    document.addEventListener('visibilitychange', renew);
    return () => {
      window.clearInterval(interval);
      window.removeEventListener('pageshow', renew);
      window.removeEventListener('focus', renew);
      document.removeEventListener('visibilitychange', renew);
    };
  }, [running]);
  return drawingServerMarkup && firstRender.now !== undefined ? firstRender.now : now;
}
