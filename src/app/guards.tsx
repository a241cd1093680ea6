import { useState } from 'react';
import styled from 'styled-components';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCheckAuthQuery, useHasLanguageQuery } from '@/app/apiSlice';
import { paths } from '@/app/paths';
import { ErrorText, LoadingScreen } from '@/components/StatusMessage';
import { messageFor } from '@/lib/errorMessages';

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
  if (language.isError) {
    return (
      <GuardMessage>
        <ErrorText>{messageFor(language.error, 'HAS_CURRENT_USER_LANGUAGE_USER_ERROR')}</ErrorText>
      </GuardMessage>
    );
  }
  const needsLanguage = language.isSuccess && !language.data.hasLanguage;
  if (needsLanguage && location.pathname !== paths.registerLanguage) {
    return <Navigate to={paths.registerLanguage} replace />;
  }
  return <Outlet />;
}

/**
 * /register and /login are for visitors: a signed-in visitor is sent to /dashboard. This is judged
 * once, on arrival: after signing up or in here the page moves the learner on itself, and a
 * redirect racing it would detour a new learner through /dashboard.
 */
export function VisitorOnly() {
  const auth = useCheckAuthQuery();
  const [signedInOnArrival, setSignedInOnArrival] = useState<boolean | null>(null);
  if (signedInOnArrival === null && !auth.isLoading && !auth.isUninitialized) setSignedInOnArrival(auth.isSuccess);
  if (signedInOnArrival === null) return <LoadingScreen />;
  if (signedInOnArrival) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}

const GuardMessage = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space.lg};
`;
