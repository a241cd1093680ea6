/**
 * Issue #45: the hydration of the server's dashboard (src/app/start.tsx decides, this does it),
 * a chunk of its own beside the dashboard's code, so the pages that never hydrate (the landing,
 * sign-in) do not carry it. The dashboard's page preloads it (scripts/route-pages.mjs).
 *
 * React must first draw the very tree the server drew: the same tree (App.tsx), the same routes
 * with the dashboard's code at hand, the same answers (the ones the server drew: the state
 * react-redux gives every selector while hydrating), the same today, width class and instant (the hooks'
 * server snapshots, src/lib/firstRender.ts). It hydrates in a transition, one panel's Suspense
 * boundary at a time, and replays a tap made meanwhile once its panel is hydrated.
 */
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Root, RootOptions } from 'react-dom/client';
import type { DataRouter } from 'react-router';
import { DAY_KEYED_READS } from '@common/firstReads';
import { App } from '@/app/App';
import { DashboardScreen } from '@/app/DashboardScreen';
import { seedAnswers } from '@/app/firstAnswers';
import { keepAnswersForOffline } from '@/sync/offlineCache';
import { makeBrowserRouter } from '@/app/router';
import type { AppStore } from '@/app/store';
import { firstRender } from '@/lib/firstRender';
import { yieldToMain } from '@/lib/yieldToMain';
import type { I18n } from '@/i18n/i18n';

/** What the server drew its screen for, as it wrote it on the root (server/src/plugins/serverScreen.ts). */
function drawnFor(root: HTMLElement) {
  return {
    today: root.getAttribute('data-today') ?? undefined,
    narrow: root.getAttribute('data-narrow') === 'true',
    /** Whether the day's figures were drawn (the device had named its zone, issue #44); else those panels show 'Loading...'. */
    dayDrawn: root.getAttribute('data-day-drawn') === 'true',
    now: Number(root.getAttribute('data-now')),
  };
}

type Entries = Parameters<typeof seedAnswers>[1];

export async function hydrateScreen(
  container: HTMLElement,
  store: AppStore,
  entries: Entries,
  onRecoverableError: RootOptions['onRecoverableError'],
  i18n?: I18n,
): Promise<Root> {
  const screen = drawnFor(container);
  // The answers the server drew, and the state they make, which React hydrates against; then the rest.
  const drawn = entries.filter((entry) => screen.dayDrawn || !DAY_KEYED_READS.has(entry.endpointName));
  seedAnswers(store, drawn);
  const serverState = store.getState();
  seedAnswers(store, entries.filter((entry) => !drawn.includes(entry)));
  keepAnswersForOffline(store);
  firstRender.today = screen.today;
  firstRender.narrow = screen.narrow;
  if (Number.isFinite(screen.now)) firstRender.now = screen.now;
  // Each step in a task of its own (a 10-year learner's answers, the router): none blocks a tap for long.
  await yieldToMain();
  const router = await initializedRouter(store);
  await yieldToMain();
  // Inert until now, so nothing answered a tap before the app could; from here React replays one.
  container.removeAttribute('inert');
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(container, <App store={store} router={router} serverState={serverState} i18n={i18n} />, { onRecoverableError });
  });
  return root!;
}

/** The browser's router with the dashboard's code at hand and its loaders run: it draws the screen at once. */
async function initializedRouter(store: AppStore): Promise<DataRouter> {
  const router = makeBrowserRouter(store, { Dashboard: DashboardScreen });
  if (router.state.initialized) return router;
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
  return router;
}
