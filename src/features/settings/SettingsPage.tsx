import { useEffect } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useAppDispatch } from '@/api/hooks';
import { paths } from '@/api/paths';
import { BackHeader } from '@/components/BackHeader';
import { FailureNotice } from '@/components/FailureNotice';
import { Loading, SuccessText } from '@/components/StatusMessage';
import { useIsNarrow } from '@/components/useIsNarrow';
import { media } from '@/styles/media';
import { AccountActions } from './AccountActions';
import { ChangePasswordSection } from './ChangePasswordSection';
import { LeaveGuard } from './LeaveGuard';
import { DataSection } from './DataSection';
import { AppLanguageSection } from './AppLanguageSection';
import { NarrowSettings } from './NarrowSettings';
import { draftDiscarded } from './settingsSlice';
import { useSaveSettings } from './useSaveSettings';
import { useSettingsForm } from './useSettingsForm';
import { WideSettings } from './WideSettings';
import { useT } from '@/i18n/I18nProvider';

/**
 * /settings (spec 2): language, daily goal, level milestones and existing progress, then the account.
 * `sections`: what other features bring (the reminder, access tokens), composed in app/SettingsSections.tsx.
 */
export function SettingsPage({ sections }: { sections?: ReactNode }) {
  const dispatch = useAppDispatch();
  const t = useT();
  const form = useSettingsForm();
  const saver = useSaveSettings(form);
  const narrow = useIsNarrow();

  // Unsaved drafts do not outlive the page: coming back shows the saved values again.
  useEffect(() => () => void dispatch(draftDiscarded()), [dispatch]);

  return (
    <Page>
      <BackHeader to={paths.dashboard}>{t('settings.page.title')}</BackHeader>
      <main>
        {form.status === 'loading' && <Loading />}
        {form.status === 'error' && <FailureNotice reads={form.savedReads} title={t('settings.page.loadError')} />}
        {form.status === 'ready' &&
          (narrow ? <NarrowSettings form={form} saver={saver} /> : <WideSettings form={form} saver={saver} />)}
        <SuccessText>{saver.saved && !form.anyChanged ? t('settings.page.saved') : ''}</SuccessText>
        <AppLanguageSection />
        <DataSection />
        {sections}
        <ChangePasswordSection />
      </main>
      <LeaveGuard unsaved={form.anyChanged} />
      <Footer>
        <AccountActions />
      </Footer>
    </Page>
  );
}

const Page = styled.div`
  max-width: 960px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.md};
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${media.wide} {
    padding: ${({ theme }) => `${theme.space.xl} ${theme.space.lg}`};
  }
  h1 {
    font-size: ${({ theme }) => theme.font.size.xl};
  }
  main {
    display: grid;
    gap: ${({ theme }) => theme.space.md};
  }
`;

const Footer = styled.footer`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding-top: ${({ theme }) => theme.space.md};
`;
