/**
 * Server-side render of the landing page, used at build time by scripts/prerender-landing.mjs.
 * The same LandingPage component renders inside the app when a learner navigates to `/`.
 */
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { LandingPage } from '@/features/auth/LandingPage';
import { GlobalStyle } from '@/styles/GlobalStyle';
import { theme } from '@/styles/theme';

export function renderLanding(): { markup: string; styleTags: string } {
  const sheet = new ServerStyleSheet();
  try {
    const router = createMemoryRouter([{ path: '/', Component: LandingPage }], { initialEntries: ['/'] });
    const markup = renderToString(
      sheet.collectStyles(
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <RouterProvider router={router} />
        </ThemeProvider>,
      ),
    );
    return { markup, styleTags: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
