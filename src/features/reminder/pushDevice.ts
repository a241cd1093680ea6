/**
 * This device and Web Push: whether it can be reminded at all, and if not why (in words the
 * section shows), and subscribing (its current subscription is read by `lib/devicePush.ts`, as
 * the sign-out reads it). The permission prompt is asked only
 * from a tap (subscribeThisDevice runs inside the click handler), never on load.
 */

export type PushSupport =
  | 'ready'
  /** Notification permission refused for this site. */
  | 'denied'
  /** An iPhone or iPad in a Safari tab: push only works from the Home Screen app (iOS 16.4+). */
  | 'ios-tab'
  /** No service worker, PushManager or Notification (an old browser, a private window, plain http). */
  | 'unsupported';

/** Why this device cannot be reminded, in words the section shows (reminder.json). */
export const SUPPORT_TEXT_KEY: Record<Exclude<PushSupport, 'ready'>, string> = {
  denied: 'reminder.support.denied',
  'ios-tab': 'reminder.support.iosTab',
  unsupported: 'reminder.support.unsupported',
};

function isAppleMobile(): boolean {
  const { userAgent, maxTouchPoints } = navigator;
  // iPadOS reports itself as a Mac; a touch screen tells them apart.
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

function isStandalone(): boolean {
  return (navigator as Navigator & { standalone?: boolean }).standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

export function pushSupport(): PushSupport {
  const capable = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (isAppleMobile() && !isStandalone()) return 'ios-tab';
  if (!capable) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return 'ready';
}

/** The zone this device's clock is in, an IANA name. */
export const deviceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The permission prompt's answer; call first thing in a click handler (browsers refuse it otherwise). */
export async function askPermission(): Promise<NotificationPermission> {
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}

/** Subscribes this device with the server's VAPID key (a subscription made with another key is replaced). */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionJSON> {
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const key = keyBytes(publicKey);
  const sameKey = (existing?.options.applicationServerKey && new Uint8Array(existing.options.applicationServerKey).join() === key.join()) ?? false;
  if (existing && sameKey) return existing.toJSON();
  if (existing) await existing.unsubscribe();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscription.toJSON();
}
