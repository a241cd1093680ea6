import styled from 'styled-components';
import { Button } from '@/components/Button';
import { ErrorLine } from '@/components/StatusMessage';
import { useAnnounceOnce } from '@/components/useAnnounceOnce';
import { callFailureMessage, isNetworkError } from '@/lib/errorMessages';
import { useT } from '@/i18n/I18nProvider';

/** The parts of an RTK Query result that say whether and why it failed. */
export interface ReadResult {
  isError: boolean;
  error?: unknown;
  endpointName?: string;
  refetch: () => unknown;
}

interface FailureNoticeProps {
  /** The reads this panel shows; only the failed ones count. */
  reads: ReadResult[];
  /** The panel's own line where spec 2 names one, e.g. 'Error loading progress'. */
  title?: string;
}

/**
 * What a panel shows where its data would be when a read failed: the panel's 'Error loading ...'
 * line, the spec's message for each failed call (spec 8) and 'Try again'. Never placeholder
 * numbers. A network failure replaces every other message (spec 7) and is said once, by the
 * network banner, so here only 'Try again' remains.
 */
export function FailureNotice({ reads, title }: FailureNoticeProps) {
  const t = useT();
  const failed = reads.filter((read) => read.isError);
  const network = failed.some((read) => isNetworkError(read.error));
  const messages = network ? [] : [...new Set(failed.map((read) => callFailureMessage(read.endpointName, read.error)))];
  const announce = useAnnounceOnce(messages.length > 0 ? messages.join('|') : null);
  if (failed.length === 0) return null;

  const lines = network || !title ? messages : [title, ...messages];
  return (
    <Notice role={announce ? 'alert' : undefined}>
      {lines.map((line) => (
        <ErrorLine key={line}>{line}</ErrorLine>
      ))}
      <Button $variant="secondary" onClick={() => failed.forEach((read) => void read.refetch())}>
        {t('common.tryAgain')}
      </Button>
    </Notice>
  );
}

const Notice = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
  ${ErrorLine} {
    margin: 0;
  }
  button {
    margin-top: ${({ theme }) => theme.space.xs};
  }
`;
