import { createSelector } from '@reduxjs/toolkit';
import styled from 'styled-components';
import { API_PATHS } from '@common/apiPaths';
import { apiSlice } from '@/api/apiSlice';
import { selectOutage } from '@/api/session';
import { apiBaseUrl } from '@/lib/apiBaseUrl';
import { useAppDispatch, useAppSelector } from '@/api/hooks';
import type { RootState } from '@/app/store';
import { BannerBar } from '@/components/BannerBar';
import { Button } from '@/components/Button';
import { ErrorLine } from '@/components/StatusMessage';
import { selectOnline, selectStorageVolatile } from '@/sync/syncSlice';
import { useOnServerReturn } from '@/components/useOnServerReturn';
import { apiAnswers } from '@/lib/apiAnswers';
import { ERRORS, isNetworkError } from '@/lib/errorMessages';
import { useT } from '@/i18n/I18nProvider';

interface FailedRead {
  endpointName: string;
  originalArgs: unknown;
}

// A read asked again keeps its last error while pending: the banner stays until an answer comes.
const selectReadsWithoutAnswer = createSelector([(state: RootState) => state.api.queries], (queries): FailedRead[] =>
  Object.values(queries).flatMap((query) =>
    (query?.status === 'rejected' || query?.status === 'pending') && query.endpointName && isNetworkError(query.error)
      ? [{ endpointName: query.endpointName, originalArgs: query.originalArgs }]
      : [],
  ),
);

/** Every read the page holds an answer for (kept from an earlier visit, or its own). */
const selectShownReads = createSelector([(state: RootState) => state.api.queries], (queries): FailedRead[] =>
  Object.values(queries).flatMap((query) => (query?.endpointName ? [{ endpointName: query.endpointName, originalArgs: query.originalArgs }] : [])),
);

type Initiate = (arg: unknown, options: { subscribe: boolean; forceRefetch: boolean }) => Parameters<ReturnType<typeof useAppDispatch>>[0];

/**
 * One calm line while the server cannot be reached, instead of a message per panel: spec 7's
 * network message, announced once, and 'Try again' for every read that got no answer. The same
 * reads are asked again by themselves as soon as the server answers (issue #31). With the browser
 * offline it says so instead, and that adds wait for the network (the outbox).
 */
export function NetworkBanner() {
  const t = useT();
  const volatile = useAppSelector(selectStorageVolatile);
  const outage = useAppSelector(selectOutage);
  return (
    <>
      {volatile && (
        <Banner role="status">
          <p>{t('app.banner.notKept')}</p>
        </Banner>
      )}
      {outage ? <OutageBanner /> : <ReadsBanner />}
    </>
  );
}

/** True when the server answers with anything but a failure of its own (5xx). */
async function serverAnswers(): Promise<boolean> {
  try {
    const answer = await fetch(`${apiBaseUrl()}${API_PATHS.authCheck}`, { method: 'HEAD', cache: 'no-store', credentials: 'include' });
    return answer.status < 500;
  } catch {
    return false;
  }
}

/**
 * Issue #39, item 10: the page was reloaded while the server was down and shows the last figures
 * kept on the device; one calm line says so, and every read is asked again once the server answers.
 */
function OutageBanner() {
  const t = useT();
  const dispatch = useAppDispatch();
  const shown = useAppSelector(selectShownReads);
  const askAgain = () => {
    for (const { endpointName, originalArgs } of shown) {
      const endpoint = apiSlice.endpoints[endpointName as keyof typeof apiSlice.endpoints] as unknown as { initiate: Initiate };
      void dispatch(endpoint.initiate(originalArgs, { subscribe: false, forceRefetch: true }));
    }
  };
  useOnServerReturn(true, serverAnswers, askAgain);
  return (
    <Banner role="status">
      <p>{t('app.banner.outage')}</p>
    </Banner>
  );
}

function ReadsBanner() {
  const t = useT();
  const dispatch = useAppDispatch();
  const failed = useAppSelector(selectReadsWithoutAnswer);
  const online = useAppSelector(selectOnline);

  // A read already asked again (pending) is not sent twice: RTK Query skips it.
  const retry = () => {
    for (const { endpointName, originalArgs } of failed) {
      const endpoint = apiSlice.endpoints[endpointName as keyof typeof apiSlice.endpoints] as unknown as { initiate: Initiate };
      void dispatch(endpoint.initiate(originalArgs, { subscribe: false, forceRefetch: true }));
    }
  };
  useOnServerReturn(online && failed.length > 0, apiAnswers, retry);
  // Offline is a state the learner chose or expects, not a failure: said calmly, once.
  if (!online) {
    return (
      <Banner role="status">
        <p>{t('app.banner.offline')}</p>
      </Banner>
    );
  }
  if (failed.length === 0) return null;

  return (
    <Banner role="alert">
      <ErrorLine>{ERRORS.NETWORK_ERROR}</ErrorLine>
      <Button $variant="secondary" onClick={retry}>
        {t('common.tryAgain')}
      </Button>
    </Banner>
  );
}

const Banner = styled(BannerBar)`
  background: ${({ theme }) => theme.colors.primaryLight};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ${ErrorLine} {
    margin: 0;
  }
`;
