import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { keepFirstScreen, keepTimeZone, seedFirstAnswers } from '@/app/firstAnswers';
import { keepAnswersForOffline, seedOfflineAnswers } from '@/app/offlineCache';
import { registerServiceWorker } from '@/features/sync/serviceWorker';
import { makeBrowserRouter } from '@/app/router';
import { makeStore } from '@/app/store';
import { GlobalStyle } from '@/styles/GlobalStyle';
import { theme } from '@/styles/theme';

const store = makeStore();
seedFirstAnswers(store);
keepTimeZone();
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
