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
