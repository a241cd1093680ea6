/**
 * Issue #45: the app's start. A page that holds the server's render of the dashboard
 * (server/src/plugins/serverScreen.ts) is hydrated, not drawn again: React takes over the markup
 * already on screen, in a transition and one Suspense boundary at a time, and a tap made meanwhile
 * is replayed once its part is hydrated. For that the first render must be the server's own: the
 * same tree (src/app/App.tsx, the same routes with the dashboard's code at hand), the same answers
 * (the ones the server drew, src/app/firstAnswers.ts), the same today and width class. Any other
 * page (the landing, sign-in, another screen, an offline opening) is rendered from scratch.
 */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Root, RootOptions } from 'react-dom/client';
import type { DataRouter } from 'react-router';
import { DAY_KEYED_READS } from '@common/firstReads';
import { App } from '@/app/App';
import { keepFirstScreen, keepTimeZone, readFirstAnswers, seedAnswers } from '@/app/firstAnswers';
import { keepAnswersForOffline, seedOfflineAnswers } from '@/app/offlineCache';
import { makeBrowserRouter } from '@/app/router';
import { makeStore } from '@/app/store';
import type { AppStore } from '@/app/store';
import { registerServiceWorker } from '@/features/sync/serviceWorker';
import { firstRender } from '@/lib/firstRender';

/** What the server drew its screen for, as it wrote it on the root (server/src/plugins/serverScreen.ts). */
export interface ServerScreen {
  today: string;
  narrow: boolean;
  /** Whether the day's figures were drawn (the device had named its zone, issue #44); else those panels show 'Loading...'. */
  dayDrawn: boolean;
}

export function serverScreenIn(root: HTMLElement): ServerScreen | null {
  const today = root.getAttribute('data-today') ?? '';
  if (!root.hasAttribute('data-server-screen') || !/^\d{4}-\d{2}-\d{2}$/.test(today)) return null;
  return { today, narrow: root.getAttribute('data-narrow') === 'true', dayDrawn: root.getAttribute('data-day-drawn') === 'true' };
}

export interface StartOptions {
  doc?: Document;
  /** React's report of a hydration it had to give up (tests listen to it). */
  onRecoverableError?: RootOptions['onRecoverableError'];
}

/** Starts the app in the page's root: hydrates the server's screen when there is one, else renders. */
export async function startApp({ doc = document, onRecoverableError }: StartOptions = {}): Promise<Root> {
  const container = doc.getElementById('root')!;
  const store = makeStore();
  const first = readFirstAnswers(doc);
  const screen = first && serverScreenIn(container);
  keepTimeZone();
  registerServiceWorker();
  if (!screen) {
    seedAnswers(store, first?.entries ?? []);
    seedOfflineAnswers(store);
    keepAnswersForOffline(store);
    keepFirstScreen(doc);
    const root = createRoot(container, { onRecoverableError });
    root.render(<App store={store} router={makeBrowserRouter(store)} />);
    return root;
  }
  // The answers the server drew, and the state they make, which React hydrates against; then the rest.
  const drawn = first.entries.filter((entry) => screen.dayDrawn || !DAY_KEYED_READS.has(entry.endpointName));
  seedAnswers(store, drawn);
  const serverState = store.getState();
  seedAnswers(store, first.entries.filter((entry) => !drawn.includes(entry)));
  keepAnswersForOffline(store);
  // Read by the hooks' server snapshots while they hydrate (useLearnerToday, useIsNarrow).
  firstRender.today = screen.today;
  firstRender.narrow = screen.narrow;
  const router = await hydratableRouter(store);
  // Inert until now, so nothing answered a tap before the app could; from here React replays one.
  container.removeAttribute('inert');
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(container, <App store={store} router={router} serverState={serverState} />, { onRecoverableError });
  });
  return root!;
}

/** The browser's router with the dashboard's code loaded and its loaders run: it draws the screen at once. */
async function hydratableRouter(store: AppStore): Promise<DataRouter> {
  const { DashboardScreen } = await import('@/app/DashboardScreen');
  const router = makeBrowserRouter(store, { Dashboard: DashboardScreen });
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }
  return router;
}
