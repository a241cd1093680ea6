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
import { DEFAULT_LOCALE, LOCALE_TAGS } from '@common/locales';
import { loadCatalogue, loadedCatalogue } from '@/i18n/catalogue';
import { createI18n, setActiveI18n, type I18n } from '@/i18n/i18n';

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
  /** The learner's locale (the account's, else the request's Accept-Language), which the page names on `<html>`. */
  locale?: string;
  /** The learner's zone, for the dates the screen shows. */
  timeZone?: string;
}

/** Loads every shipped locale's catalogue: the server calls it once, after loading this module, so each render is synchronous. */
export async function prepareLocales(): Promise<void> {
  await Promise.all(LOCALE_TAGS.map((tag) => loadCatalogue(tag)));
}

/**
 * One i18n instance per locale and zone, kept: an instance holds only what its locale and zone
 * decide (the messages, compiled on first use, and the Intl formatters), so pages of the same
 * locale and zone share it and no render compiles a message or builds a formatter twice.
 */
const instances = new Map<string, I18n>();
const MAX_INSTANCES = 500;

function instanceFor(locale: string, timeZone: string | undefined): I18n {
  const tag = loadedCatalogue(locale) ? locale : DEFAULT_LOCALE;
  const id = `${tag}\u0000${timeZone ?? ''}`;
  let i18n = instances.get(id);
  if (!i18n) {
    const messages = loadedCatalogue(tag);
    if (!messages) throw new Error('renderDashboardScreen: prepareLocales() was not awaited');
    i18n = createI18n({ locale: tag, messages, timeZone });
    if (instances.size >= MAX_INSTANCES) instances.clear();
    instances.set(id, i18n);
  }
  return i18n;
}

/**
 * The app's own tree (App.tsx) with the app's own routes, as the browser hydrates it
 * (src/app/start.tsx, issue #45): the routes' loaders count as run (they only start the reads,
 * whose answers are in the store), so the router draws /dashboard at once.
 */
export function renderDashboardScreen({ answers, today, narrow, tab, now = Date.now(), locale = DEFAULT_LOCALE, timeZone }: DashboardScreenInput): { markup: string; styleTags: string } {
  const store = makeStore({ dashboard: { activeTab: tabOrDefault(tab) } });
  store.dispatch(apiSlice.util.upsertQueryEntries(answers));
  const sheet = new ServerStyleSheet();
  // The instance of the page's locale and zone, the active one only for this synchronous render:
  // no learner's language can leak into another's page.
  const i18n = instanceFor(locale, timeZone);
  const before = setActiveI18n(i18n);
  firstRender.today = today;
  firstRender.narrow = narrow;
  firstRender.now = now;
  const router = createMemoryRouter(makeRoutes(store, { Dashboard: DashboardScreen }), {
    initialEntries: [paths.dashboard],
    hydrationData: { loaderData: { [GUARD_ROUTE_ID]: null, [DASHBOARD_ROUTE_ID]: null } },
  });
  try {
    const markup = renderToString(sheet.collectStyles(<App store={store} router={router} i18n={i18n} />));
    return { markup, styleTags: sheet.getStyleTags() };
  } finally {
    router.dispose();
    setActiveI18n(before);
    delete firstRender.today;
    delete firstRender.narrow;
    delete firstRender.now;
    sheet.seal();
  }
}
