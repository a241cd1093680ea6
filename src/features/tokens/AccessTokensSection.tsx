import { useId, useState } from 'react';
import styled from 'styled-components';
import type { CreatedToken } from '@common/schemas/tokens';
import { useGetAccessTokensQuery } from '@/api/apiSlice';
import { Card, PanelTitle } from '@/components/Card';
import { ErrorText, Loading } from '@/components/StatusMessage';
import { messageFor } from '@/lib/errorMessages';
import { Explanation } from './fields';
import { NewTokenForm } from './NewTokenForm';
import { NewTokenSecret } from './NewTokenSecret';
import { TokenList } from './TokenList';
import { useT } from '@/i18n/I18nProvider';

/**
 * Settings' "Access tokens" (contract, fourth edition): keys that let another tool (an Anki add-on,
 * a phone shortcut, a script) log time or read progress without the password. A new token's secret
 * is shown once, here; the list never holds it.
 */
export function AccessTokensSection() {
  const t = useT();
  const titleId = useId();
  const tokens = useGetAccessTokensQuery(undefined, { refetchOnMountOrArgChange: true });
  const [created, setCreated] = useState<CreatedToken | null>(null);

  return (
    <Card aria-labelledby={titleId}>
      <PanelTitle id={titleId}>{t('tokens.section.title')}</PanelTitle>
      <Explanation>{t('tokens.section.explanation')}</Explanation>
      <Parts>
        {created ? <NewTokenSecret token={created} onDone={() => setCreated(null)} /> : <NewTokenForm onCreated={setCreated} />}
        <div>
          <h3>{t('tokens.section.yours')}</h3>
          {tokens.isLoading && <Loading />}
          {tokens.isError && <ErrorText>{messageFor(tokens.error, 'GET_TOKENS_ERROR')}</ErrorText>}
          {tokens.data && <TokenList tokens={tokens.data} />}
        </div>
      </Parts>
    </Card>
  );
}

const Parts = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  h3 {
    font-size: ${({ theme }) => theme.font.size.md};
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
`;
