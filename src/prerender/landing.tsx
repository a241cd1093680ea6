/**
 * Server-side render of the landing page, used at build time by scripts/prerender-landing.mjs, once
 * per shipped locale (the server answers `/` with the best match of Accept-Language).
 * The same LandingPage component renders inside the app when a learner navigates to `/`.
 */
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { localeDir } from '@common/locales';
import { LandingPage } from '@/features/auth/LandingPage';
import { loadCatalogue } from '@/i18n/catalogue';
import { I18nProvider } from '@/i18n/I18nProvider';
import { createI18n, setActiveI18n } from '@/i18n/i18n';
import { GlobalStyle } from '@/styles/GlobalStyle';
import { theme } from '@/styles/theme';

export async function renderLanding(locale = 'en'): Promise<{ markup: string; styleTags: string; lang: string; dir: string; description: string }> {
  const i18n = createI18n({ locale, messages: await loadCatalogue(locale) });
  const before = setActiveI18n(i18n);
  const sheet = new ServerStyleSheet();
  try {
    const router = createMemoryRouter([{ path: '/', Component: LandingPage }], { initialEntries: ['/'] });
    const markup = renderToString(
      sheet.collectStyles(
        <I18nProvider i18n={i18n}>
          <ThemeProvider theme={theme}>
            <GlobalStyle />
            <RouterProvider router={router} />
          </ThemeProvider>
        </I18nProvider>,
      ),
    );
    // The page's head speaks the visitor's language too (what a search result or a shared link shows).
    const description = i18n.t('landing.meta.description');
    return { markup, styleTags: sheet.getStyleTags(), lang: locale, dir: localeDir(locale), description };
  } finally {
    setActiveI18n(before);
    sheet.seal();
  }
}
