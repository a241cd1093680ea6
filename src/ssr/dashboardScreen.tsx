/**
 * Issue #32: the dashboard's first screen rendered on the server, from the app's own components
 * and the answers of its first reads (server/src/plugins/firstAnswers.ts), for `GET /dashboard`
 * with a live session. Built for Node by `vite build --ssr` (npm run build) into dist/ssr, which
 * the server loads (server/src/plugins/spa.ts) and never serves.
 *
 * The page shows this markup until the app's own first screen is ready, then the app takes its
 * place in one frame (src/app/firstAnswers.ts, keepFirstScreen): the learner sees their dashboard,
 * with their data, before any script has arrived.
 */
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { apiSlice } from '@/app/apiSlice';
import { DashboardScreen } from '@/app/DashboardScreen';
import { RequireAuth } from '@/app/guards';
import { paths } from '@/app/paths';
import { makeStore } from '@/app/store';
import { tabOrDefault } from '@/features/dashboard/dashboardSlice';
import { firstRender } from '@/lib/firstRender';
import { GlobalStyle } from '@/styles/GlobalStyle';
import { theme } from '@/styles/theme';

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
}

export function renderDashboardScreen({ answers, today, narrow, tab }: DashboardScreenInput): { markup: string; styleTags: string } {
  const store = makeStore({ dashboard: { activeTab: tabOrDefault(tab) } });
  store.dispatch(apiSlice.util.upsertQueryEntries(answers));
  const sheet = new ServerStyleSheet();
  firstRender.today = today;
  firstRender.narrow = narrow;
  try {
    // The guard and the screen the app's router gives /dashboard, without its loaders: the answers are in the store.
    const router = createMemoryRouter([{ Component: RequireAuth, children: [{ path: paths.dashboard, Component: DashboardScreen }] }], {
      initialEntries: [paths.dashboard],
    });
    const markup = renderToString(
      sheet.collectStyles(
        <Provider store={store}>
          <ThemeProvider theme={theme}>
            <GlobalStyle />
            <RouterProvider router={router} />
          </ThemeProvider>
        </Provider>,
      ),
    );
    return { markup, styleTags: sheet.getStyleTags() };
  } finally {
    delete firstRender.today;
    delete firstRender.narrow;
    sheet.seal();
  }
}
