import { useState } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCheckAuthQuery, useHasLanguageQuery } from '@/api/apiSlice';
import { NetworkBanner } from '@/app/NetworkBanner';
import type { LoginState } from '@/api/paths';
import { paths } from '@/api/paths';
import { FailureNotice } from '@/components/FailureNotice';
import { OutboxRunner } from '@/sync/OutboxRunner';
import { UpdatePrompt } from './UpdatePrompt';
import { LoadingScreen } from '@/components/StatusMessage';
import { isNetworkError } from '@/lib/errorMessages';
import { PreferencesSync } from './PreferencesSync';

/**
 * Guarded routes (spec 2): 'Loading...' while the session is checked, /login when signed out,
 * /register/language when signed in without a current language. A check that got no answer
 * is not a sign-out: the learner stays, with the network banner and 'Try again'.
 */
export function RequireAuth() {
  const location = useLocation();
  const auth = useCheckAuthQuery();
  const signedIn = auth.isSuccess;
  const language = useHasLanguageQuery(undefined, { skip: !signedIn });

  if (auth.isLoading || (auth.isFetching && !auth.isSuccess)) return <LoadingScreen />;
  if (auth.isError && isNetworkError(auth.error)) return <GuardFailure />;
  if (!signedIn) {
    const from: LoginState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.login} replace state={from} />;
  }
  if (language.isLoading || (language.isFetching && !language.isSuccess)) return <LoadingScreen />;
  if (language.isError) {
    // Without network the banner already says so and offers 'Try again'.
    return <GuardFailure failure={isNetworkError(language.error) ? null : <FailureNotice reads={[language]} />} />;
  }
  const needsLanguage = language.isSuccess && !language.data.hasLanguage;
  if (needsLanguage && location.pathname !== paths.registerLanguage) {
    return <Navigate to={paths.registerLanguage} replace />;
  }
  return (
    <>
      <OutboxRunner />
      <PreferencesSync />
      <UpdatePrompt />
      <NetworkBanner />
      <Outlet />
    </>
  );
}

function GuardFailure({ failure }: { failure?: ReactNode }) {
  return (
    <>
      <NetworkBanner />
      <GuardMessage>{failure}</GuardMessage>
    </>
  );
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
  min-height: 60vh;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space.lg};
`;
