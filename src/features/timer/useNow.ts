import { useEffect, useState } from 'react';

/**
 * The current instant, renewed every second while `running`, and at once when the page is
 * shown again (pageshow, visibilitychange, focus): elapsed time is always now − start, never a
 * count of ticks, so a sleeping laptop or a backgrounded phone tab loses nothing.
 */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
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
  return now;
}
