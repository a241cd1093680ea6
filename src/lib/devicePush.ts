/**
 * This device's push subscription, the one place it is read: by the reminder's section (is this
 * device on the list?) and by the sign-out (issue #42: it takes the subscription off the server and
 * the browser, so a device never goes on reminding the learner who signed out of it). Read without
 * waiting for a service worker that may never come (no worker registered, a browser without push).
 */
const LONGEST_WAIT_MS = 2_000;

const within = <T>(work: Promise<T>, fallback: T): Promise<T> =>
  Promise.race([work.catch(() => fallback), new Promise<T>((resolve) => setTimeout(() => resolve(fallback), LONGEST_WAIT_MS))]);

/** This device's subscription, or null (no worker, no push, none made). */
export function thisDevicePush(): Promise<PushSubscription | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof window === 'undefined' || !('PushManager' in window)) {
    return Promise.resolve(null);
  }
  return within(
    navigator.serviceWorker.getRegistration().then((registration) => registration?.pushManager.getSubscription() ?? null),
    null,
  );
}

/** Ends this device's subscription in the browser (best effort: a refusal leaves nothing to do). */
export function endThisDevicePush(subscription: PushSubscription): Promise<boolean> {
  return within(subscription.unsubscribe(), false);
}
