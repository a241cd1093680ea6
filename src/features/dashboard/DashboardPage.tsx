import type { ComponentType } from 'react';
import styled from 'styled-components';
import { useAppSelector } from '@/app/hooks';
import { useIsNarrow } from '@/components/useIsNarrow';
import { media } from '@/styles/media';
import { BOTTOM_NAV_HEIGHT, BottomNav } from './BottomNav';
import { CalendarPanel } from './CalendarPanel';
import { DailyPanel } from './DailyPanel';
import { GoalWidget } from './GoalWidget';
import { LevelsPanel } from './LevelsPanel';
import { ProgressPanel } from './ProgressPanel';
import { StreakPanel } from './StreakPanel';
import { TopBar } from './TopBar';
import type { Tab } from './dashboardSlice';
import { selectActiveTab } from './dashboardSlice';

function CalendarColumn() {
  return (
    <Column>
      <CalendarPanel />
      <StreakPanel />
    </Column>
  );
}

const NARROW_SECTIONS: Record<Tab, ComponentType> = {
  daily: DailyPanel,
  calendar: CalendarColumn,
  progress: ProgressPanel,
  levels: LevelsPanel,
};

/** Wide: every panel at once. Narrow (under 640 px): one tab at a time with a bottom nav (spec 2). */
export function DashboardPage() {
  const narrow = useIsNarrow();
  const tab = useAppSelector(selectActiveTab);
  const Section = NARROW_SECTIONS[tab];

  return (
    <Page $narrow={narrow}>
      <TopBar showLanguageSelect={!narrow || tab !== 'levels'} showGoal={!narrow} />
      <Main>
        {narrow ? (
          <>
            <GoalStrip aria-label="Daily goal">
              <GoalWidget />
            </GoalStrip>
            <Section />
          </>
        ) : (
          <>
            <DailyPanel />
            <Split>
              <ProgressPanel />
              <CalendarColumn />
            </Split>
            <LevelsPanel />
          </>
        )}
      </Main>
      {narrow && <BottomNav />}
    </Page>
  );
}

const Page = styled.div<{ $narrow: boolean }>`
  min-height: 100vh;
  /* Keeps the last panel clear of the fixed bottom navigation. */
  padding-bottom: ${({ $narrow }) => ($narrow ? `calc(${BOTTOM_NAV_HEIGHT} + env(safe-area-inset-bottom) + 16px)` : '0')};
`;

const Main = styled.main`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  max-width: 1100px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.md};
  ${media.wide} {
    gap: ${({ theme }) => theme.space.lg};
    padding: ${({ theme }) => theme.space.lg};
  }
`;

const Split = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 320px), 1fr));
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

const GoalStrip = styled.section`
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.card};
`;
