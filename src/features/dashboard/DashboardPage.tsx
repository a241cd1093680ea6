import { useDeferredValue } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { Skill } from '@common/domain';
import { useAppSelector } from '@/app/hooks';
import { Celebration } from '@/components/Celebration';
import { LoadingScreen } from '@/components/StatusMessage';
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
import { useCelebration } from './useCelebration';
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

/**
 * The dashboard's first render, every panel at once and often with all its data already there
 * (the reads start together, src/app/prefetch.ts), is a transition: React builds it in short
 * slices between which the browser stays responsive, instead of one long task, and shows
 * 'Loading...' meanwhile (issue #18). Updates after that render as usual.
 */
export function DashboardPage(slots: DashboardSlots) {
  // A server render (src/ssr/dashboardScreen.tsx) has no later slice to wait for: it draws the panels.
  const ready = useDeferredValue(true, typeof window === 'undefined');
  return ready ? <Dashboard {...slots} /> : <LoadingScreen />;
}

/** What other features show on the dashboard, handed in by the app (a feature never imports another). */
export interface DashboardSlots {
  /** One bar over the panels; on phones, just above the bottom navigation. */
  bar?: ReactNode;
  /** Shown beside each skill's add-time button. */
  skillAction?: (skill: Skill) => ReactNode;
}

/**
 * Wide: every panel at once. Narrow (under 640 px): one tab at a time with a bottom nav (spec 2).
 * Both layouts are one tree in which the narrow screen hides the other tabs' panels, so a panel is
 * never unmounted by a change of width: an open modal and what was typed in it survive a phone
 * turning, or a browser window resized past 640 px.
 */
function Dashboard({ bar, skillAction }: DashboardSlots) {
  const narrow = useIsNarrow();
  const tab = useAppSelector(selectActiveTab);
  const hidden = (panelTab: Tab) => narrow && tab !== panelTab;
  const celebration = useCelebration();

  return (
    <Page $narrow={narrow}>
      <TopBar showLanguageSelect={!narrow || tab !== 'levels'} showGoal={!narrow} />
      <Main>
        {celebration.message && <Celebration message={celebration.message} onDismiss={celebration.dismiss} />}
        {!narrow && bar}
        {narrow && (
          <GoalStrip aria-label="Daily goal">
            <GoalWidget />
          </GoalStrip>
        )}
        <Slot hidden={hidden('daily')}>
          <DailyPanel skillAction={skillAction} />
        </Slot>
        <Split hidden={hidden('progress') && hidden('calendar')}>
          <Slot hidden={hidden('progress')}>
            <ProgressPanel />
          </Slot>
          <Slot hidden={hidden('calendar')}>
            <CalendarColumn />
          </Slot>
        </Split>
        <Slot hidden={hidden('levels')}>
          <LevelsPanel showLanguageSelect={narrow && tab === 'levels'} />
        </Slot>
      </Main>
      {narrow && bar && <PhoneBar>{bar}</PhoneBar>}
      {narrow && <BottomNav />}
    </Page>
  );
}

const Page = styled.div<{ $narrow: boolean }>`
  min-height: 100vh;
  /* Keeps the last panel clear of the fixed bottom navigation. */
  padding-bottom: ${({ $narrow }) => ($narrow ? `calc(${BOTTOM_NAV_HEIGHT} + env(safe-area-inset-bottom) + 16px)` : '0')};
  /* ... and of the timer bar above it while it shows. */
  &:has([data-timer-bar]) {
    padding-bottom: ${({ $narrow }) => ($narrow ? `calc(${BOTTOM_NAV_HEIGHT} + env(safe-area-inset-bottom) + 120px)` : '0')};
  }
`;

const PhoneBar = styled.div`
  position: fixed;
  inset: auto 0 calc(${BOTTOM_NAV_HEIGHT} + env(safe-area-inset-bottom)) 0;
  z-index: 10;
  padding: ${({ theme }) => theme.space.sm};
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

const Slot = styled.div`
  min-width: 0;
  &[hidden] { display: none; }
`;

const Split = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 320px), 1fr));
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  &[hidden] { display: none; }
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
