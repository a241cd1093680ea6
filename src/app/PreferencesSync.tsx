/**
 * The learner's zone on the account (contract, fifth edition): the app sends the device's zone at
 * sign-in (src/api/preferences.ts, from the sign-in and sign-up pages) and whenever it changes
 * afterwards (a learner who travels), seen when the app comes back to the foreground. An ordinary
 * start sends nothing while the first screen draws; a device that has never sent its zone (signed
 * in before the account kept one) sends it once, a moment after the start.
 */
import { useEffect } from 'react';
import { useAppDispatch } from '@/api/hooks';
import { sendZoneIfChanged } from '@/api/preferences';

/** How long after the start the zone is checked: after the first screen's reads and hydration. */
const START_DELAY_MS = 3000;

export function PreferencesSync() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const check = () => document.visibilityState === 'visible' && void dispatch(sendZoneIfChanged());
    document.addEventListener('visibilitychange', check);
    window.addEventListener('pageshow', check);
    // Once the first screen is up: a device that sent nothing yet, or whose zone changed while the app was closed.
    const atStart = window.setTimeout(check, START_DELAY_MS);
    return () => {
      window.clearTimeout(atStart);
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('pageshow', check);
    };
  }, [dispatch]);
  return null;
}
