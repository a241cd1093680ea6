import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useRouteError } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { Mascot } from '@/components/Mascot';
import { ErrorLine, Loading } from '@/components/StatusMessage';
import { useOnServerReturn } from '@/components/useOnServerReturn';
import { isChunkLoadError, reloadOnceForChunk, serverAnswers } from '@/lib/chunkReload';
import { ERRORS } from '@/lib/errorMessages';
import { useT } from '@/i18n/I18nProvider';

/** A full link (not a client-side one): the app's own files may be what failed. */
const HOME = '/dashboard';

function Screen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page>
      <Panel>
        <Mascot size={88} />
        <h1>{title}</h1>
        {children}
      </Panel>
    </Page>
  );
}

/**
 * The router's error screen for every route (spec 8's heading 'Unexpected Application Error!'):
 * a screen failing to render, or its code failing to load. A failed chunk first reloads the page
 * once by itself (a deploy replaced it), unless the server is down: then the screen says so and
 * opens the page by itself as soon as the server answers again.
 */
export function RouteErrorScreen() {
  const t = useT();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const [phase, setPhase] = useState<'checking' | 'shown' | 'unreachable'>(chunk ? 'checking' : 'shown');

  useEffect(() => {
    if (!chunk) return;
    let active = true;
    void serverAnswers().then((up) => {
      if (!active) return;
      if (up && reloadOnceForChunk()) return;
      setPhase(up ? 'shown' : 'unreachable');
    });
    return () => {
      active = false;
    };
  }, [chunk]);

  const tryAgain = async () => {
    if (await serverAnswers()) window.location.reload();
    else setPhase('unreachable');
  };
  useOnServerReturn(phase === 'unreachable', serverAnswers, () => window.location.reload());

  if (phase === 'checking') return <Loading />;
  if (phase === 'unreachable') {
    return (
      <Screen title={t('components.errorScreen.waitingTitle')}>
        <ErrorLine role="alert">{ERRORS.NETWORK_ERROR}</ErrorLine>
        <p>{t('components.errorScreen.waitingText')}</p>
        <Actions>
          <Button onClick={() => void tryAgain()}>{t('common.tryAgain')}</Button>
          {/* Within the app: loading a page from the server is what cannot work now. */}
          <Link to={HOME}>{t('components.errorScreen.toDashboard')}</Link>
        </Actions>
      </Screen>
    );
  }
  return (
    <Screen title={t('components.errorScreen.unexpectedTitle')}>
      <p>{t('components.errorScreen.unexpectedText')}</p>
      <Actions>
        <Button onClick={() => void tryAgain()}>{t('common.tryAgain')}</Button>
        <a href={HOME}>{t('components.errorScreen.toDashboard')}</a>
      </Actions>
    </Screen>
  );
}

/** Any address the app does not have. */
export function NotFoundScreen() {
  const t = useT();
  return (
    <Screen title={t('components.errorScreen.notFoundTitle')}>
      <p>{t('components.errorScreen.notFoundText')}</p>
      <Actions>
        <a href={HOME}>{t('components.errorScreen.toDashboard')}</a>
      </Actions>
    </Screen>
  );
}

const Page = styled.main`
  min-height: 100vh;
  min-height: 100dvh;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => `${theme.space.lg} ${theme.space.md}`};
  background: ${({ theme }) => theme.colors.background};
`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  max-width: 480px;
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};
  text-align: center;
  h1 {
    font-size: ${({ theme }) => theme.font.size.xl};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.lg};
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;
