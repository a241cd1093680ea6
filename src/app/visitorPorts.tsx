import type { ReactNode } from 'react';
import { API_PATHS } from '@common/apiPaths';
import { paths } from '@/api/paths';
import type { AuthPorts } from '@/features/auth/authPorts';
import { apiBaseUrl } from '@/lib/apiBaseUrl';
import { deviceTimeZone, rememberSentZone } from '@/i18n/startLocale';

/** A call of the API as RTK Query's fetchBaseQuery makes it, failing with its error shape (src/lib/errorMessages.ts reads it). */
async function post(path: string, body: object, method = 'POST'): Promise<unknown> {
  let answer: Response;
  try {
    answer = await fetch(`${apiBaseUrl()}${path}`, {
      method,
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

function VisitorLink({ to, children }: { to: string; children: ReactNode }) {
  return <a href={to}>{children}</a>;
}

/**
 * The forms' ports on the sign-in and sign-up pages' own entry (src/visitor.tsx): the calls with
 * fetch, links as plain links, and `moveOn` for the next page (there, a page load: the app draws it).
 */
export const visitorPorts = (moveOn: (to: string) => void): AuthPorts => ({
  login: async (credentials) => ((await post(API_PATHS.authLogin, credentials)) as { email: string }).email,
  register: async (credentials) => {
    await post(API_PATHS.authRegister, credentials);
  },
  afterSignIn: () => moveOn(paths.dashboard),
  afterSignUp: () => moveOn(paths.registerLanguage),
  // The same exchange as the app's (src/api/preferences.ts), with fetch: the next page is drawn in the account's language.
  preferences: async (uiLocale) => {
    const zone = deviceTimeZone();
    if (!zone && !uiLocale) return undefined;
    try {
      const saved = (await post(API_PATHS.preferences, { ...(zone ? { timeZone: zone } : {}), ...(uiLocale ? { uiLocale } : {}) }, 'PUT')) as { uiLocale: string | null };
      if (zone) rememberSentZone(zone);
      return saved.uiLocale;
    } catch {
      return undefined;
    }
  },
  // A first load: no session ended under the learner on this page.
  sessionEnded: false,
  Link: VisitorLink,
});
