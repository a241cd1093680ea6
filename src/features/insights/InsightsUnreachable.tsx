import styled from 'styled-components';
import { paths } from '@/api/paths';
import { useOnline } from '@/sync';
import { Button } from '@/components/Button';
import { ButtonLink } from '@/components/ButtonLink';
import { ErrorLine } from '@/components/StatusMessage';
import { ERRORS } from '@/lib/errorMessages';
import type { ReadResult } from '@/components/FailureNotice';
import { useT } from '@/i18n/I18nProvider';

/**
 * Insights without the server (issue #44): words and a way forward, never a bare 'Loading...' or
 * a lone 'Try again'. Insights are worked out on the server, so offline they wait for the network;
 * the dashboard works offline, so it is offered beside 'Try again'.
 */
export function InsightsUnreachable({ reads }: { reads: ReadResult[] }) {
  const t = useT();
  const online = useOnline();
  return (
    <Notice role="status">
      {online ? (
        <ErrorLine>{ERRORS.NETWORK_ERROR}</ErrorLine>
      ) : (
        <p>{t('insights.unreachable.offline')}</p>
      )}
      <Actions>
        <Button $variant="secondary" onClick={() => reads.forEach((read) => void read.refetch())}>
          {t('common.tryAgain')}
        </Button>
        <ButtonLink to={paths.dashboard} $variant="ghost">
          {t('insights.unreachable.back')}
        </ButtonLink>
      </Actions>
    </Notice>
  );
}

const Notice = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.card};
  ${ErrorLine} {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;
