/**
 * The account's preferences in step with this device (contract, fifth edition): the device's zone
 * is sent at sign-in and whenever it changes (a learner who travels), and the account's "App
 * language", chosen on another device, is shown here too.
 */
import { useEffect } from 'react';
import { useGetPreferencesQuery, useSavePreferencesMutation } from '@/api/apiSlice';
import { useSwitchLocale } from '@/i18n/I18nProvider';
import { deviceTimeZone, storedLocaleChoice } from '@/i18n/startLocale';

export function PreferencesSync() {
  const preferences = useGetPreferencesQuery();
  const [save] = useSavePreferencesMutation();
  const switchLocale = useSwitchLocale();
  const saved = preferences.data;

  useEffect(() => {
    if (!saved) return;
    const sendZone = () => {
      const zone = deviceTimeZone();
      if (zone && zone !== saved.timeZone) void save({ timeZone: zone });
    };
    sendZone();
    const onVisible = () => document.visibilityState === 'visible' && sendZone();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [saved, save]);

  useEffect(() => {
    if (saved && saved.uiLocale !== storedLocaleChoice()) void switchLocale(saved.uiLocale).catch(() => {});
  }, [saved, switchLocale]);

  return null;
}
