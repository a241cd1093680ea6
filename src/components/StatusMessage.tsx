import styled from 'styled-components';
import { useT } from '@/i18n/I18nProvider';

/** 'Loading...' and other neutral status texts (spec 4), announced politely to screen readers. */
export const StatusText = styled.p`
  padding: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

export function Loading() {
  const t = useT();
  return <StatusText role="status">{t('common.loading')}</StatusText>;
}

export function LoadingScreen() {
  return (
    // Marked so the server's first screen stays up while this shows (src/app/firstAnswers.ts).
    <FullHeight data-loading-screen="">
      <Loading />
    </FullHeight>
  );
}

const FullHeight = styled.div`
  min-height: 100vh;
  display: grid;
  place-items: center;
`;

/** Red italic error text (spec 8), without an announcement of its own (see FailureNotice). */
export const ErrorLine = styled.p`
  color: ${({ theme }) => theme.colors.error};
  font-style: italic;
  margin: ${({ theme }) => theme.space.sm} 0;
`;

/** Red italic error text (spec 8) of a form or modal, announced when it appears. */
export const ErrorText = styled(ErrorLine).attrs({ role: 'alert' })``;

/** A confirmation (e.g. 'Changes saved'); keep it mounted, empty, so its change is announced. */
export const SuccessText = styled.p.attrs({ role: 'status' })`
  min-height: 1.5em;
  color: ${({ theme }) => theme.colors.success};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
