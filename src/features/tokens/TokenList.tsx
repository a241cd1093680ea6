import { useState } from 'react';
import styled from 'styled-components';
import type { AccessToken } from '@common/schemas/tokens';
import { useRevokeAccessTokenMutation } from '@/api/apiSlice';
import { Button } from '@/components/Button';
import { ConfirmModal } from '@/components/ConfirmModal';
import { formatCreated, formatExpiry, formatLastUsed, scopeLabel } from './tokenTexts';
import { useI18n, useT } from '@/i18n/I18nProvider';

/** Asks before revoking: the tools using the token stop at once, and it cannot be undone. */
function RevokeDialog({ token, onClose }: { token: AccessToken; onClose: () => void }) {
  const t = useT();
  const [revoke] = useRevokeAccessTokenMutation();
  return (
    <ConfirmModal
      question={t('tokens.revoke.question', { name: token.name })}
      confirmLabel={t('tokens.revoke.confirm')}
      danger
      errorKey="REVOKE_TOKEN_ERROR"
      action={() => revoke(token.id).unwrap()}
      onDone={onClose}
      onCancel={onClose}
    >
      <p>{t('tokens.revoke.text')}</p>
    </ConfirmModal>
  );
}

/** The learner's tokens, oldest first: name, scope, created, last used, expiry, and Revoke. */
export function TokenList({ tokens }: { tokens: AccessToken[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  if (tokens.length === 0) return <Empty>{t('tokens.list.empty')}</Empty>;
  return (
    <>
      <List aria-label={t('tokens.list.label')}>
        {tokens.map((token) => (
          <Item key={token.id}>
            <div>
              <Name>{token.name}</Name>
              <Details>
                <span>{scopeLabel(i18n, token.scope)}</span>
                <span>{formatCreated(i18n, token.createdAt)}</span>
                <span>{formatLastUsed(i18n, token.lastUsedAt)}</span>
                <span>{formatExpiry(i18n, token.expiresAt)}</span>
              </Details>
            </div>
            <Button $variant="secondary" onClick={() => setRevoking(token)} aria-label={t('tokens.list.revokeLabel', { name: token.name })}>
              {t('tokens.revoke.confirm')}
            </Button>
          </Item>
        ))}
      </List>
      {revoking && <RevokeDialog token={revoking} onClose={() => setRevoking(null)} />}
    </>
  );
}

const Empty = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const List = styled.ul`
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: 0;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  > div {
    min-width: 0;
  }
`;

const Name = styled.p`
  font-weight: ${({ theme }) => theme.font.weight.medium};
  overflow-wrap: anywhere;
`;

const Details = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
