import { useState } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { apiSlice, useDeleteUserMutation, useLogoutMutation } from '@/api/apiSlice';
import { useAppDispatch } from '@/api/hooks';
import { paths } from '@/api/paths';
import { useOnline } from '@/sync';
import { useT } from '@/i18n/I18nProvider';
import { ConfirmModal } from '@/components/ConfirmModal';
import { DeleteAccountNote } from './DataSection';

type Dialog = 'logout' | 'delete' | null;

/** 'Logout' and 'Delete account' (spec 2): each confirmed in a modal, both end on /login. */
export function AccountActions() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  const [deleteUser] = useDeleteUserMutation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const t = useT();
  const online = useOnline();
  /** An action's name, with why it is off while offline. */
  const named = (action: string) => (online ? action : t('settings.account.offline', { action }));

  // Nothing of this learner may stay in memory for whoever uses the browser next.
  const leave = () => {
    dispatch(apiSlice.util.resetApiState());
    navigate(paths.login, { replace: true });
  };

  return (
    <Row>
      <LinkButton type="button" disabled={!online} onClick={() => setDialog('logout')}>
        {named(t('settings.account.logout'))}
      </LinkButton>
      <LinkButton type="button" $danger disabled={!online} onClick={() => setDialog('delete')}>
        {named(t('settings.account.deleteAccount'))}
      </LinkButton>
      {dialog === 'logout' && (
        <ConfirmModal
          question={t('settings.account.logoutQuestion')}
          confirmLabel={t('settings.account.logout')}
          errorKey="LOGOUT_ERROR"
          onCancel={() => setDialog(null)}
          action={async () => {
            await logout().unwrap();
          }}
          onDone={leave}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmModal
          question={t('settings.account.deleteQuestion')}
          confirmLabel={t('settings.account.delete')}
          danger
          errorKey="DELETE_USER_ERROR"
          onCancel={() => setDialog(null)}
          action={async () => {
            await deleteUser().unwrap();
            await logout().unwrap();
          }}
          onDone={leave}
        >
          <DeleteAccountNote />
        </ConfirmModal>
      )}
    </Row>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.lg};
`;

const LinkButton = styled.button<{ $danger?: boolean }>`
  min-height: 44px;
  padding: ${({ theme }) => `0 ${theme.space.sm}`};
  border: none;
  background: none;
  color: ${({ theme, $danger }) => ($danger ? theme.colors.error : theme.colors.primary)};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: underline;
  text-underline-offset: 3px;
  cursor: pointer;
  &:disabled {
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: none;
    cursor: not-allowed;
  }
`;
