import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import type { DataRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { I18nProvider } from '@/i18n/I18nProvider';
import type { I18n } from '@/i18n/i18n';
import type { AppStore, RootState } from '@/app/store';
import { GlobalStyle } from '@/styles/GlobalStyle';
import { theme } from '@/styles/theme';

export interface AppProps {
  store: AppStore;
  router: DataRouter;
  /**
   * Issue #45: the state a server render was drawn from. While React hydrates that markup, every
   * selector reads this state (react-redux's server snapshot), so the answers seeded after it (a
   * day's figures the server left loading) cannot make the hydrated tree differ from the markup.
   */
  serverState?: RootState;
  /** The locale's instance (src/i18n): the browser's active one, or the server render's own for its request. */
  i18n?: I18n;
}

/** The app's tree: the browser renders it (src/app/start.tsx), the server too (src/ssr/dashboardScreen.tsx). */
export function App({ store, router, serverState, i18n }: AppProps) {
  return (
    <StrictMode>
      <Provider store={store} serverState={serverState}>
        <I18nProvider i18n={i18n}>
          <ThemeProvider theme={theme}>
            <GlobalStyle />
            <RouterProvider router={router} />
          </ThemeProvider>
        </I18nProvider>
      </Provider>
    </StrictMode>
  );
}
