import { Link } from 'react-router';
import styled from 'styled-components';
import { BRAND_NAME } from '@common/domain';
import { useGetUserLanguageQuery } from '@/api/apiSlice';
import { paths } from '@/api/paths';
import { WaitingCount } from '@/sync';
import { FailureNotice } from '@/components/FailureNotice';
import { useT } from '@/i18n/I18nProvider';
import { languageTitle } from '@/lib/languageNames';
import { media } from '@/styles/media';
import { GoalWidget } from './GoalWidget';
import { LanguageSelect } from './LanguageSelect';
import { visuallyHidden } from '@/styles/visuallyHidden';

interface TopBarProps {
  showLanguageSelect: boolean;
  showGoal: boolean;
}

/** Brand, learning language, daily goal and the way to settings (spec 2 "Top bar"). */
export function TopBar({ showLanguageSelect, showGoal }: TopBarProps) {
  const t = useT();
  const language = useGetUserLanguageQuery();
  const name = language.data?.name ?? '';
  const shownName = name && languageTitle(name);

  return (
    <Bar>
      <Inner>
        <Brand>{BRAND_NAME}</Brand>
        <LanguageArea>
          {/* The select already shows the name; the heading stays for screen readers. */}
          <LanguageName className={showLanguageSelect && name ? 'visually-hidden' : undefined} title={shownName || undefined}>
            {language.isLoading ? <span role="status">{t('common.loading')}</span> : shownName}
          </LanguageName>
          <FailureNotice reads={[language]} />
          {showLanguageSelect && name && <LanguageSelect current={name} />}
        </LanguageArea>
        <WaitingCount />
        {showGoal && (
          <GoalArea>
            <GoalWidget />
          </GoalArea>
        )}
        <ProfileLink to={paths.insights} aria-label={t('dashboard.topBar.insights')}>
          <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
            <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </ProfileLink>
        <ProfileLink to={paths.settings} aria-label={t('dashboard.topBar.settings')}>
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
            <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </ProfileLink>
      </Inner>
    </Bar>
  );
}

const Bar = styled.header`
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};
`;

const Inner = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  max-width: 1100px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  ${media.narrow} {
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => `${theme.space.sm} 12px`};
  }
`;

/* A phone gives the room to the language name; the brand stays for screen readers and in the page title. */
const Brand = styled.p`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  color: ${({ theme }) => theme.colors.primary};
  ${media.narrow} {
    ${visuallyHidden}
  }
`;

/* As tall as the picker whether it, the name or 'Loading...' shows: the header never changes height. */
const LanguageArea = styled.div`
  flex: 1;
  min-width: 0;
  min-height: 46px;
  display: flex;
  flex-direction: column;
  justify-content: center;
`;

const LanguageName = styled.h1`
  font-size: ${({ theme }) => theme.font.size.lg};
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
  ${media.narrow} {
    font-size: ${({ theme }) => theme.font.size.md};
  }
`;

const GoalArea = styled.div`
  flex: 0 1 320px;
  min-width: 200px;
  ${media.desktop} {
    flex-basis: 380px;
  }
`;

const ProfileLink = styled(Link)`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  color: ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.primaryLight};
  &:hover {
    background: ${({ theme }) => theme.colors.primaryFadedTo};
  }
`;
