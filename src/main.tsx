import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { keepFirstScreen, rememberTimeZone, seedFirstAnswers } from '@/app/firstAnswers';
import { keepAnswersForOffline, seedOfflineAnswers } from '@/app/offlineCache';
import { registerServiceWorker } from '@/features/sync/serviceWorker';
import { makeBrowserRouter } from '@/app/router';
import { makeStore } from '@/app/store';
import { GlobalStyle } from '@/styles/GlobalStyle';
import { theme } from '@/styles/theme';

// The app's modules were evaluated in this task; the app starts in the next, so that on a slow
// phone neither is one long task after the server's first screen has painted (issue #32). A
// timeout, not a top-level await: that split the entry into 14 more chunks (+5.7 KB gzip).
setTimeout(start, 0);

function start() {
  const store = makeStore();
  rememberTimeZone(seedFirstAnswers(store));
  seedOfflineAnswers(store);
  keepAnswersForOffline(store);
  keepFirstScreen();
  registerServiceWorker();
  const router = makeBrowserRouter(store);

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <RouterProvider router={router} />
        </ThemeProvider>
      </Provider>
    </StrictMode>,
  );
}
