import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useT } from '@/i18n/I18nProvider';
import { useAppDispatch, useAppSelector } from '@/api/hooks';
import type { Tab } from './dashboardSlice';
import { TABS, selectActiveTab, tabSelected } from './dashboardSlice';

const svg = (children: ReactNode) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    {children}
  </svg>
);

const TAB_ITEMS: Record<Tab, { label: (t: ReturnType<typeof useT>) => string; icon: ReactNode }> = {
  daily: {
    label: (t) => t('dashboard.tab.daily'),
    icon: svg(
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" />
      </>,
    ),
  },
  calendar: {
    label: (t) => t('dashboard.tab.calendar'),
    icon: svg(
      <>
        <rect x="3" y="5" width="18" height="16" rx="2" />
        <path d="M3 10h18M8 3v4M16 3v4" />
      </>,
    ),
  },
  progress: {
    label: (t) => t('dashboard.tab.progress'),
    icon: svg(
      <>
        <path d="M12 3a9 9 0 1 0 9 9h-9z" />
        <path d="M15 3.5A9 9 0 0 1 20.5 9H15z" />
      </>,
    ),
  },
  levels: {
    label: (t) => t('dashboard.tab.levels'),
    icon: svg(<path d="M4 20h4v-5h4v-5h4V5h4" />),
  },
};

/** Narrow screens show one dashboard section at a time, picked here (spec 2). */
export function BottomNav() {
  const t = useT();
  const dispatch = useAppDispatch();
  const active = useAppSelector(selectActiveTab);
  return (
    <Nav aria-label={t('dashboard.tab.nav')}>
      <List>
        {TABS.map((tab) => (
          <li key={tab}>
            <TabButton
              type="button"
              aria-current={tab === active ? 'page' : undefined}
              $active={tab === active}
              onClick={() => dispatch(tabSelected(tab))}
            >
              {TAB_ITEMS[tab].icon}
              <span>{TAB_ITEMS[tab].label(t)}</span>
            </TabButton>
          </li>
        ))}
      </List>
    </Nav>
  );
}

export const BOTTOM_NAV_HEIGHT = '64px';

const Nav = styled.nav`
  position: fixed;
  inset: auto 0 0 0;
  z-index: 10;
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding-bottom: env(safe-area-inset-bottom);
`;

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(${TABS.length}, 1fr);
  height: ${BOTTOM_NAV_HEIGHT};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const TabButton = styled.button<{ $active: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  width: 100%;
  height: 100%;
  border: none;
  border-top: 3px solid ${({ theme, $active }) => ($active ? theme.colors.primary : 'transparent')};
  background: ${({ theme, $active }) => ($active ? theme.colors.primaryLight : 'transparent')};
  color: ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.textMuted)};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme, $active }) => ($active ? theme.font.weight.bold : theme.font.weight.medium)};
  cursor: pointer;
`;
