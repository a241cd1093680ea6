/**
 * The app's start. Issue #45: a page that holds the server's render of the dashboard is hydrated,
 * not drawn again (src/app/hydrateScreen.tsx); any other page (the landing, sign-in, another
 * screen, an offline opening, a page whose server render gave way to the plain first facts) is
 * rendered from scratch.
 *
 * The server's screen is already painted when this runs, so the hydration's start is cut into
 * tasks (yieldToMain): the store, the hydration's code and answers, the router, and only then
 * what can wait (the time-zone cookie, the service worker's registration).
 */
import { createRoot } from 'react-dom/client';
import type { Root, RootOptions } from 'react-dom/client';
import { App } from '@/app/App';
import { keepFirstScreen, keepTimeZone, readFirstAnswers, seedAnswers } from '@/app/firstAnswers';
import { keepAnswersForOffline, seedOfflineAnswers } from '@/sync/offlineCache';
import { makeBrowserRouter } from '@/app/router';
import { makeStore } from '@/app/store';
import { registerServiceWorker } from '@/app/serviceWorker';
import { yieldToMain } from '@/lib/yieldToMain';
import { prepareI18n } from '@/i18n/startLocale';

export interface StartOptions {
  doc?: Document;
  /** React's report of a render or hydration it had to give up (tests listen to it). */
  onRecoverableError?: RootOptions['onRecoverableError'];
}

/** Starts the app in the page's root: hydrates the server's screen when there is one, else renders. */
export async function startApp({ doc = document, onRecoverableError }: StartOptions = {}): Promise<Root> {
  const container = doc.getElementById('root')!;
  const store = makeStore();
  const first = readFirstAnswers(doc);
  const hydrating = first !== null && container.hasAttribute('data-server-screen');
  // The locale the server drew in (or this device's), its catalogue loaded before the first render.
  const i18n = await prepareI18n(doc);
  if (!hydrating) {
    keepTimeZone();
    registerServiceWorker();
  }
  // The server's screen is in the root (server/src/plugins/serverScreen.ts), drawn from the page's answers.
  if (first && hydrating) {
    await yieldToMain();
    const { hydrateScreen } = await import('@/app/hydrateScreen');
    const root = await hydrateScreen(container, store, first.entries, onRecoverableError, i18n);
    // The cookie names the zone for the next page (this one was drawn already); the worker serves the next visit.
    void yieldToMain()
      .then(() => {
        keepTimeZone();
        return yieldToMain();
      })
      .then(registerServiceWorker);
    return root;
  }
  // A server screen that came without its answers (a proxy cut them) is not hydrated but drawn
  // anew: the root gives up the server's marks, inert first of all, or the app would never answer.
  container.removeAttribute('inert');
  container.removeAttribute('data-server-screen');
  seedAnswers(store, first?.entries ?? []);
  seedOfflineAnswers(store);
  keepAnswersForOffline(store);
  keepFirstScreen(doc);
  const root = createRoot(container, { onRecoverableError });
  root.render(<App store={store} router={makeBrowserRouter(store)} i18n={i18n} />);
  return root;
}
