import { useEffect, useState } from 'react';
import { useAddPushDeviceMutation, useLazyGetPushKeyQuery } from '@/api/apiSlice';
import { endThisDevicePush, thisDevicePush } from '@/lib/devicePush';
import { messageFor } from '@/lib/errorMessages';
import { useT } from '@/i18n/I18nProvider';
import { askPermission, pushSupport, subscribeThisDevice, type PushSupport } from './pushDevice';


/**
 * This device as the reminder sees it: whether it can be reminded, its endpoint when it is
 * subscribed, and the steps that add it (permission from the tap, the server's key, the
 * browser's subscription, the server's list). `onError` gets the words to show for a failed step.
 */
export function useThisDevice(onError: (message: string) => void) {
  const t = useT();
  const [getKey] = useLazyGetPushKeyQuery();
  const [addDevice, adding] = useAddPushDeviceMutation();
  const [support, setSupport] = useState<PushSupport>('ready');
  const [endpoint, setEndpoint] = useState<string | null>(null);

  useEffect(() => {
    setSupport(pushSupport());
    thisDevicePush()
      .then((subscription) => setEndpoint(subscription?.endpoint ?? null))
      .catch(() => setEndpoint(null));
  }, []);

  /** Call first thing in a click handler: the permission prompt needs the tap. True when the device is on the list. */
  const remind = async (): Promise<boolean> => {
    const permission = await askPermission();
    setSupport(pushSupport());
    if (permission !== 'granted') return false;
    let publicKey: string;
    try {
      publicKey = (await getKey().unwrap()).publicKey;
    } catch (failure) {
      onError(messageFor(failure, 'GET_PUSH_KEY_ERROR'));
      return false;
    }
    let subscription: PushSubscriptionJSON;
    try {
      subscription = await subscribeThisDevice(publicKey);
    } catch {
      onError(t('reminder.device.subscribeFailed'));
      return false;
    }
    const { endpoint: subscribed, keys, expirationTime } = subscription;
    if (!subscribed || !keys?.p256dh || !keys.auth) {
      onError(t('reminder.device.subscribeFailed'));
      return false;
    }
    try {
      await addDevice({ endpoint: subscribed, keys: { p256dh: keys.p256dh, auth: keys.auth }, expirationTime: expirationTime ?? null }).unwrap();
    } catch (failure) {
      onError(messageFor(failure, 'ADD_PUSH_DEVICE_ERROR'));
      return false;
    }
    setEndpoint(subscribed);
    return true;
  };

  /** After the server dropped this device: the browser's subscription goes too. */
  const forget = async () => {
    const subscription = await thisDevicePush();
    if (subscription) await endThisDevicePush(subscription);
    setEndpoint(null);
  };

  return { support, endpoint, adding: adding.isLoading, remind, forget };
}
