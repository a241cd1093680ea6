/**
 * The learner's zone on the account (contract, fifth edition): the app sends the device's zone at
 * sign-in (src/api/preferences.ts, from the sign-in and sign-up pages) and whenever it changes
 * afterwards (a learner who travels), seen when the app comes back to the foreground. An ordinary
 * start sends nothing: the first screen asks the network for nothing it does not show.
 */
import { useEffect } from 'react';
import { useAppDispatch } from '@/api/hooks';
import { sendZoneIfChanged } from '@/api/preferences';

export function PreferencesSync() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const check = () => document.visibilityState === 'visible' && void dispatch(sendZoneIfChanged());
    document.addEventListener('visibilitychange', check);
    window.addEventListener('pageshow', check);
    return () => {
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('pageshow', check);
    };
  }, [dispatch]);
  return null;
}
