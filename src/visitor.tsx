/**
 * Issue #53: the sign-in and sign-up pages on a first load. Their page (scripts/route-pages.mjs)
 * loads this instead of the app's entry (main.tsx): the form with React and styled-components only,
 * the call made with fetch, no react-router and no Redux. The app itself (the router, the store, the
 * screens) loads with the next page: the learner signed in (the dashboard's page, which the server
 * draws with its figures), signed up (the language step), followed a link, or was signed in on
 * arrival (VisitorOnly's rule, src/app/guards.tsx). Inside the app, the same forms
 * (src/features/auth/authPorts.tsx) move on through the router.
 */
import { StrictMode } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeProvider } from 'styled-components';
import { API_PATHS } from '@common/apiPaths';
import { paths } from '@/api/paths';
import { LoadingScreen } from '@/components/StatusMessage';
import { apiBaseUrl } from '@/lib/apiBaseUrl';
import { GlobalStyle } from '@/styles/GlobalStyle';
import { theme } from '@/styles/theme';
import { visitorPorts } from '@/app/visitorPorts';
import { AuthPortsContext } from '@/features/auth/authPorts';
import { LoginPage } from '@/features/auth/LoginPage';
import { RegisterPage } from '@/features/auth/RegisterPage';
import { I18nProvider } from '@/i18n/I18nProvider';
import { prepareI18n } from '@/i18n/startLocale';

const root = createRoot(document.getElementById('root')!);
// The page's language and its catalogue before anything renders, as the app's start does.
const i18n = await prepareI18n();

/** The app draws the next page: a page load, whose server answer is that page's (spa.ts). */
const ports = visitorPorts((to) => window.location.replace(to));

function render(content: ReactNode) {
  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <AuthPortsContext.Provider value={ports}>{content}</AuthPortsContext.Provider>
        </ThemeProvider>
      </I18nProvider>
    </StrictMode>,
  );
}

const Page: ComponentType = window.location.pathname.replace(/\/+$/, '') === paths.register ? RegisterPage : LoginPage;
// 'Loading...' while the session is checked, as VisitorOnly shows it; no answer (offline) is a visitor.
render(<LoadingScreen />);
let signedIn = false;
try {
  signedIn = (await fetch(`${apiBaseUrl()}${API_PATHS.authCheck}`, { credentials: 'include' })).ok;
} catch {
  signedIn = false;
}
if (signedIn) window.location.replace(paths.dashboard);
else render(<Page />);
