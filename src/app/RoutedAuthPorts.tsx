import { useMemo } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { apiSlice, useLoginMutation, useRegisterMutation } from '@/api/apiSlice';
import { useAppDispatch, useAppSelector } from '@/api/hooks';
import type { LoginState } from '@/api/paths';
import { paths } from '@/api/paths';
import { preferencesAtSignIn } from '@/api/preferences';
import { selectSessionEnded, signedInAgain } from '@/api/session';
import { AuthPortsContext, type AuthPorts } from '@/features/auth/authPorts';

/** The sign-in, sign-up and password pages inside the app: the store makes the calls, the router moves on. */
export function RoutedAuthPorts() {
  const [login] = useLoginMutation();
  const [register] = useRegisterMutation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const sessionEnded = useAppSelector(selectSessionEnded);
  // Only a learner whose session ended under them goes back where they were; otherwise spec 2's /dashboard.
  const from = (useLocation().state as LoginState | null)?.from;
  const returnTo = sessionEnded && from?.startsWith('/') ? from : paths.dashboard;
  const ports = useMemo<AuthPorts>(
    () => ({
      login: async (credentials) => (await login(credentials).unwrap()).email,
      register: async (credentials) => {
        await register(credentials).unwrap();
      },
      afterSignIn: (email) => {
        dispatch(signedInAgain(email));
        navigate(returnTo, { replace: true });
      },
      afterSignUp: async () => {
        // The language step opens with its list ready (spec 2).
        await dispatch(apiSlice.endpoints.getLanguages.initiate(undefined, { subscribe: false }));
        navigate(paths.registerLanguage, { replace: true });
      },
      preferences: (uiLocale) => dispatch(preferencesAtSignIn(uiLocale)),
      sessionEnded,
      Link: ({ to, children }) => <Link to={to}>{children}</Link>,
    }),
    [login, register, dispatch, navigate, returnTo, sessionEnded],
  );
  return (
    <AuthPortsContext.Provider value={ports}>
      <Outlet />
    </AuthPortsContext.Provider>
  );
}
