import { useState } from 'react';
import styled from 'styled-components';
import type { AccessToken } from '@common/schemas/tokens';
import { useRevokeAccessTokenMutation } from '@/api/apiSlice';
import { Button } from '@/components/Button';
import { ConfirmModal } from '@/components/ConfirmModal';
import { formatCreated, formatExpiry, formatLastUsed, SCOPE_LABELS } from './tokenTexts';

/** Asks before revoking: the tools using the token stop at once, and it cannot be undone. */
function RevokeDialog({ token, onClose }: { token: AccessToken; onClose: () => void }) {
  const [revoke] = useRevokeAccessTokenMutation();
  return (
    <ConfirmModal
      question={`Revoke “${token.name}”?`}
      confirmLabel="Revoke"
      danger
      errorKey="REVOKE_TOKEN_ERROR"
      action={() => revoke(token.id).unwrap()}
      onDone={onClose}
      onCancel={onClose}
    >
      <p>Every tool using this token stops at once. This cannot be undone: a tool needs a new token to log again.</p>
    </ConfirmModal>
  );
}

/** The learner's tokens, oldest first: name, scope, created, last used, expiry, and Revoke. */
export function TokenList({ tokens }: { tokens: AccessToken[] }) {
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  if (tokens.length === 0) return <Empty>No access tokens yet.</Empty>;
  return (
    <>
      <List aria-label="Your access tokens">
        {tokens.map((token) => (
          <Item key={token.id}>
            <div>
              <Name>{token.name}</Name>
              <Details>
                <span>{SCOPE_LABELS[token.scope]}</span>
                <span>Created {formatCreated(token.createdAt)}</span>
                <span>{formatLastUsed(token.lastUsedAt)}</span>
                <span>{formatExpiry(token.expiresAt)}</span>
              </Details>
            </div>
            <Button $variant="secondary" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
              Revoke
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
