/**
 * Issue #32: the dashboard's first screen rendered on the server, from the app's own components
 * and the answers of its first reads (server/src/plugins/firstAnswers.ts), for `GET /dashboard`
 * with a live session. Built for Node by `vite build --ssr` (npm run build) into dist/ssr, which
 * the server loads (server/src/plugins/spa.ts) and never serves.
 *
 * The page holds this markup in the app's root, and the app hydrates it (issue #45,
 * src/app/start.tsx): the learner sees their dashboard, with their data, before any script has
 * arrived, and the app takes it over without drawing it again.
 */
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import { App } from '@/app/App';
import { apiSlice } from '@/api/apiSlice';
import { DashboardScreen } from '@/app/DashboardScreen';
import { paths } from '@/api/paths';
import { DASHBOARD_ROUTE_ID, GUARD_ROUTE_ID, makeRoutes } from '@/app/router';
import { makeStore } from '@/app/store';
import { tabOrDefault } from '@/features/dashboard/dashboardSlice';
import { firstRender } from '@/lib/firstRender';

type Entries = Parameters<typeof apiSlice.util.upsertQueryEntries>[0];

export interface DashboardScreenInput {
  /** The first reads' answers, as the page carries them for the app's cache. */
  answers: Entries;
  /** The learner's today ('YYYY-MM-DD'), in their zone and with their day boundary. */
  today: string;
  /** A phone: the narrow layout (one tab at a time) of a screen under 640 px. */
  narrow: boolean;
  /** The phone's tab as the app last kept it (its `activeTab` cookie), if any. */
  tab?: string;
  /** The instant to draw a running timer's elapsed time for (ms; default: now), which the page gives the hydration. */
  now?: number;
}

/**
 * The app's own tree (App.tsx) with the app's own routes, as the browser hydrates it
 * (src/app/start.tsx, issue #45): the routes' loaders count as run (they only start the reads,
 * whose answers are in the store), so the router draws /dashboard at once.
 */
export function renderDashboardScreen({ answers, today, narrow, tab, now = Date.now() }: DashboardScreenInput): { markup: string; styleTags: string } {
  const store = makeStore({ dashboard: { activeTab: tabOrDefault(tab) } });
  store.dispatch(apiSlice.util.upsertQueryEntries(answers));
  const sheet = new ServerStyleSheet();
  firstRender.today = today;
  firstRender.narrow = narrow;
  firstRender.now = now;
  const router = createMemoryRouter(makeRoutes(store, { Dashboard: DashboardScreen }), {
    initialEntries: [paths.dashboard],
    hydrationData: { loaderData: { [GUARD_ROUTE_ID]: null, [DASHBOARD_ROUTE_ID]: null } },
  });
  try {
    const markup = renderToString(sheet.collectStyles(<App store={store} router={router} />));
    return { markup, styleTags: sheet.getStyleTags() };
  } finally {
    router.dispose();
    delete firstRender.today;
    delete firstRender.narrow;
    delete firstRender.now;
    sheet.seal();
  }
}
