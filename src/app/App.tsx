import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import type { DataRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
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
}

/** The app's tree: the browser renders it (src/app/start.tsx), the server too (src/ssr/dashboardScreen.tsx). */
export function App({ store, router, serverState }: AppProps) {
  return (
    <StrictMode>
      <Provider store={store} serverState={serverState}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <RouterProvider router={router} />
        </ThemeProvider>
      </Provider>
    </StrictMode>
  );
}
