/**
 * Server-side render of the app's 'Loading...' screen, used at build time by
 * scripts/prerender-landing.mjs: scripts/route-pages.mjs puts it in each screen's page, so a phone
 * paints it with the HTML instead of a blank page while the app's code arrives (issue #18). The app
 * replaces it with the very same component (the router's HydrateFallback, the guard's wait).
 */
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { LoadingScreen } from '@/components/StatusMessage';
import { GlobalStyle } from '@/styles/GlobalStyle';
import { theme } from '@/styles/theme';

export function renderLoadingShell(): { markup: string; styleTags: string } {
  const sheet = new ServerStyleSheet();
  try {
    const markup = renderToString(
      sheet.collectStyles(
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <LoadingScreen />
        </ThemeProvider>,
      ),
    );
    return { markup, styleTags: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
