/// <reference lib="webworker" />
/**
 * The service worker (issue #25; vite-plugin-pwa, injectManifest): the app opens with the network
 * off. Every file of the build (the app shell and every screen's code) is precached at install;
 * a page navigation goes to the network first, so a signed-in screen gets the server's page with
 * its first answers (#32), and falls back to the precached shell when there is no network.
 * API calls are never touched here: the outbox and RTK Query own them. A new version waits until
 * the learner accepts the app's "Reload" prompt (SKIP_WAITING message).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const shell = createHandlerBoundToURL('/index.html');
const network = new NetworkOnly({ networkTimeoutSeconds: 8 });

registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch {
        return shell(options);
      }
    },
    { denylist: [/^\/api\//] },
  ),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/**
 * The daily reminder (issue #42): a push carries JSON `{title, body, url}` (the server's
 * domain/reminders.ts); anything else still shows the app's name, since a push the worker does not
 * show may cost the site its permission. The tag makes a new reminder replace an unread one.
 */
type Reminder = { title: string; body: string; url: string };

/** A path of this app only: a push must never send the learner to another site. */
const appPath = (url: unknown): string => (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/dashboard');

function reminderOf(event: PushEvent): Reminder {
  try {
    const data = event.data?.json() as Partial<Reminder> | undefined;
    return { title: typeof data?.title === 'string' ? data.title : 'LinguaLog', body: typeof data?.body === 'string' ? data.body : '', url: appPath(data?.url) };
  } catch {
    return { title: 'LinguaLog', body: event.data?.text() ?? '', url: '/dashboard' };
  }
}

self.addEventListener('push', (event) => {
  const reminder = reminderOf(event);
  event.waitUntil(
    self.registration.showNotification(reminder.title, {
      body: reminder.body,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      tag: 'lingualog-reminder',
      data: { url: reminder.url },
    }),
  );
});

/** A tap on the reminder: the open LinguaLog window comes forward on the reminder's page, else a new one opens there. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appPath((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) {
        await self.clients.openWindow(url);
        return;
      }
      const focused = await open.focus();
      if (new URL(focused.url).pathname !== url) await focused.navigate(url).catch(() => null);
    })(),
  );
});

/**
 * The browser replaced this device's subscription (its push service rotated it, or it expired):
 * without this, the server would keep sending to the old endpoint until that answered 410 and
 * the device would silently stop being reminded. The new one is added under the session cookie
 * (a signed-out device adds nothing: the call answers 401) and the old one removed.
 */
type SubscriptionChange = ExtendableEvent & { oldSubscription?: PushSubscription | null; newSubscription?: PushSubscription | null };

async function renewSubscription(event: SubscriptionChange): Promise<void> {
  const json = { credentials: 'same-origin' as const, headers: { 'Content-Type': 'application/json' } };
  let renewed = event.newSubscription ?? null;
  if (!renewed) {
    const answer = await fetch('/api/push/key');
    if (!answer.ok) return;
    const { publicKey } = (await answer.json()) as { publicKey: string };
    const base64 = publicKey.replace(/-/g, '+').replace(/_/g, '/');
    const key = Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
    renewed = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  }
  const added = await fetch('/api/user/push-subscriptions', { ...json, method: 'POST', body: JSON.stringify(renewed.toJSON()) });
  const old = event.oldSubscription?.endpoint;
  if (added.ok && old && old !== renewed.endpoint) {
    await fetch('/api/user/push-subscriptions', { ...json, method: 'DELETE', body: JSON.stringify({ endpoint: old }) });
  }
}

self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as SubscriptionChange;
  change.waitUntil(renewSubscription(change).catch(() => undefined));
});
