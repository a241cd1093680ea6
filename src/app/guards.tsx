import { Navigate, Outlet, useLocation } from 'react-router';
import { useCheckAuthQuery, useHasLanguageQuery } from '@/app/apiSlice';
import { paths } from '@/app/paths';
import { LoadingScreen } from '@/components/StatusMessage';

/**
 * Guarded routes (spec 2): 'Loading...' while the session is checked, /login when signed out,
 * /register/language when signed in without a current language.
 */
export function RequireAuth() {
  const location = useLocation();
  const auth = useCheckAuthQuery();
  const signedIn = auth.isSuccess;
  const language = useHasLanguageQuery(undefined, { skip: !signedIn });

  if (auth.isLoading || (auth.isFetching && !auth.isSuccess)) return <LoadingScreen />;
  if (!signedIn) return <Navigate to={paths.login} replace />;
  if (language.isLoading || (language.isFetching && !language.isSuccess)) return <LoadingScreen />;
  const needsLanguage = language.isSuccess && !language.data.hasLanguage;
  if (needsLanguage && location.pathname !== paths.registerLanguage) {
    return <Navigate to={paths.registerLanguage} replace />;
  }
  return <Outlet />;
}

/** /register and /login are for visitors: a signed-in visitor is sent to /dashboard. */
export function VisitorOnly() {
  const auth = useCheckAuthQuery();
  if (auth.isLoading) return <LoadingScreen />;
  if (auth.isSuccess) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
