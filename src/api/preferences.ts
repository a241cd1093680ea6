/**
 * The account's preferences at sign-in (contract, fifth edition): the device's zone is sent, and
 * the account's "App language" (chosen on another device) comes back for the app to show.
 */
import { deviceTimeZone, lastSentZone as sentZone, rememberSentZone as keepSentZone } from '@/i18n/startLocale';
import { apiSlice } from './apiSlice';
import type { AppDispatch } from './storeTypes';

/**
 * Sends the device's zone (and, for a new account, `uiLocale`: the language chosen on this device
 * before signing up); answers the account's uiLocale (null: automatic), or undefined when the call failed.
 */
export const preferencesAtSignIn = (uiLocale?: string) => async (dispatch: AppDispatch): Promise<string | null | undefined> => {
  const zone = deviceTimeZone();
  if (!zone && !uiLocale) return undefined;
  const answer = await dispatch(
    apiSlice.endpoints.savePreferences.initiate({ ...(zone ? { timeZone: zone } : {}), ...(uiLocale ? { uiLocale } : {}) }),
  );
  if (!('data' in answer) || !answer.data) return undefined;
  if (zone) keepSentZone(zone);
  return answer.data.uiLocale;
};

/**
 * Sends the device's zone when it is not the one this device last sent: the learner travelled, or
 * this device has never sent one (it signed in before the account kept a zone), so the server can
 * draw the learner's day on a device that has not named its zone yet (server/src/plugins/firstAnswers.ts).
 */
export const sendZoneIfChanged = () => async (dispatch: AppDispatch): Promise<void> => {
  const zone = deviceTimeZone();
  if (!zone || sentZone() === zone) return;
  const answer = await dispatch(apiSlice.endpoints.savePreferences.initiate({ timeZone: zone }));
  if ('data' in answer && answer.data) keepSentZone(zone);
};
