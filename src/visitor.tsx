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
import type { Credentials } from '@common/api-types';
import { paths } from '@/api/paths';
import { LoadingScreen } from '@/components/StatusMessage';
import { apiBaseUrl } from '@/lib/apiBaseUrl';
import { GlobalStyle } from '@/styles/GlobalStyle';
import { theme } from '@/styles/theme';
import { AuthPortsContext, type AuthPorts } from '@/features/auth/authPorts';
import { LoginPage } from '@/features/auth/LoginPage';
import { RegisterPage } from '@/features/auth/RegisterPage';

const root = createRoot(document.getElementById('root')!);

/** A POST of the API as RTK Query's fetchBaseQuery makes it, failing with its error shape (src/lib/errorMessages.ts reads it). */
async function post(path: string, body: Credentials): Promise<unknown> {
  let answer: Response;
  try {
    answer = await fetch(`${apiBaseUrl()}${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw { status: 'FETCH_ERROR', error: String(error) };
  }
  const text = await answer.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the text itself, as fetchBaseQuery keeps it.
  }
  if (!answer.ok) throw { status: answer.status, data };
  return data;
}

/** The app draws the next page: a page load, whose server answer is that page's (spa.ts). */
const moveOn = (to: string) => window.location.replace(to);

function VisitorLink({ to, children }: { to: string; children: ReactNode }) {
  return <a href={to}>{children}</a>;
}

const ports: AuthPorts = {
  login: async (credentials) => ((await post(API_PATHS.authLogin, credentials)) as { email: string }).email,
  register: async (credentials) => {
    await post(API_PATHS.authRegister, credentials);
  },
  afterSignIn: () => moveOn(paths.dashboard),
  afterSignUp: () => moveOn(paths.registerLanguage),
  // A first load: no session ended under the learner on this page.
  sessionEnded: false,
  Link: VisitorLink,
};

function render(content: ReactNode) {
  root.render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <AuthPortsContext.Provider value={ports}>{content}</AuthPortsContext.Provider>
      </ThemeProvider>
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
if (signedIn) moveOn(paths.dashboard);
else render(<Page />);
