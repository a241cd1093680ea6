import { Suspense, startTransition, useDeferredValue, useEffect, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import styled from 'styled-components';
import type { Skill } from '@common/domain';
import { useAppSelector } from '@/api/hooks';
import { useT } from '@/i18n/I18nProvider';
import { Celebration } from '@/components/Celebration';
import { ChartShown } from '@/components/charts/chartShown';
import { LoadingScreen } from '@/components/StatusMessage';
import { useIsNarrow } from '@/components/useIsNarrow';
import { firstRender } from '@/lib/firstRender';
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
  // A server render (src/ssr/dashboardScreen.tsx) has no later slice to wait for: it draws the
  // panels; so does the browser's hydration of it (issue #45), whose slices are the panels' boundaries.
  const ready = useDeferredValue(true, typeof window === 'undefined' || firstRender.today !== undefined);
  return ready ? <Dashboard {...slots} /> : <LoadingScreen />;
}

/** What other features show on the dashboard, handed in by the app (a feature never imports another). */
export interface DashboardSlots {
  /** One bar over the panels; on phones, just above the bottom navigation. */
  bar?: ReactNode;
  /** Shown beside each skill's add-time button. */
  skillAction?: (skill: Skill) => ReactNode;
  /** Shown under each skill's name: what runs for it (the timer says so in words). */
  skillStatus?: (skill: Skill) => ReactNode;
}

/**
 * Each panel is its own Suspense boundary: hydrating the server's screen (issue #45), React
 * yields to the browser between them, and hydrates first the one the learner taps.
 *
 * Wide: every panel at once. Narrow (under 640 px): one tab at a time with a bottom nav (spec 2).
 * Both layouts are one tree in which the narrow screen hides the other tabs' panels, so a panel is
 * never unmounted by a change of width: an open modal and what was typed in it survive a phone
 * turning, or a browser window resized past 640 px.
 */
function Dashboard({ bar, skillAction, skillStatus }: DashboardSlots) {
  const t = useT();
  const narrow = useIsNarrow();
  const tab = useAppSelector(selectActiveTab);
  const hidden = (panelTab: Tab) => narrow && tab !== panelTab;
  const celebration = useCelebration();
  const phoneBar = useRef<HTMLDivElement>(null);
  const barHeight = useHeightOf(phoneBar, narrow);

  return (
    <Page $narrow={narrow} $barHeight={barHeight}>
      <TopBar showLanguageSelect={!narrow || tab !== 'levels'} showGoal={!narrow} />
      <Main>
        {celebration.message && <Celebration message={celebration.message} onDismiss={celebration.dismiss} />}
        {!narrow && bar}
        {narrow && (
          <GoalStrip aria-label={t('dashboard.goal.label')}>
            <GoalWidget />
          </GoalStrip>
        )}
        <Slot hidden={hidden('daily')}>
          <Suspense>
            <DailyPanel skillAction={skillAction} skillStatus={skillStatus} />
          </Suspense>
        </Slot>
        <Split hidden={hidden('progress') && hidden('calendar')}>
          <Slot hidden={hidden('progress')}>
            <Suspense>
              <ChartShown value={!hidden('progress')}>
                <ProgressPanel />
              </ChartShown>
            </Suspense>
          </Slot>
          <Slot hidden={hidden('calendar')}>
            <Suspense>
              <CalendarColumn />
            </Suspense>
          </Slot>
        </Split>
        <Slot hidden={hidden('levels')}>
          <Suspense>
            <LevelsPanel showLanguageSelect={narrow && tab === 'levels'} />
          </Suspense>
        </Slot>
      </Main>
      {narrow && bar && <PhoneBar ref={phoneBar}>{bar}</PhoneBar>}
      {narrow && <BottomNav />}
    </Page>
  );
}

/**
 * The phone bar's height as drawn (a running timer, its notices, a note after a stop), or null
 * before it is measured (a server render, a browser without ResizeObserver). A new height draws
 * the page again in a transition (issue #45): its first measure comes while the server's screen
 * still hydrates, and an urgent render of the page would hydrate every panel in one long task.
 */
function useHeightOf(ref: RefObject<HTMLElement | null>, narrow: boolean): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!narrow || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => startTransition(() => setHeight(element.getBoundingClientRect().height)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, narrow]);
  return height;
}

const Page = styled.div<{ $narrow: boolean; $barHeight: number | null }>`
  min-height: 100vh;
  /* Keeps the last panel clear of the fixed bottom navigation, and of the timer bar above it while it shows. */
  padding-bottom: ${({ $narrow, $barHeight }) => ($narrow ? `calc(${BOTTOM_NAV_HEIGHT} + env(safe-area-inset-bottom) + ${16 + ($barHeight ?? 0)}px)` : '0')};
  /* Until the bar is measured: room for a running timer's bar. */
  ${({ $narrow, $barHeight }) =>
    $narrow &&
    $barHeight === null &&
    `&:has([data-timer-bar]) {
    padding-bottom: calc(${BOTTOM_NAV_HEIGHT} + env(safe-area-inset-bottom) + 120px);
  }`}
`;

const PhoneBar = styled.div`
  position: fixed;
  inset: auto 0 calc(${BOTTOM_NAV_HEIGHT} + env(safe-area-inset-bottom)) 0;
  z-index: 10;
  padding: ${({ theme }) => theme.space.sm};
  /* Always mounted: its strip over the page takes no taps; only the bar in it does, while it shows. */
  pointer-events: none;
  > * {
    pointer-events: auto;
  }
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

/* Side by side from 640 px (spec 2): two equal columns, not auto-fit ones that needed ~712 px. */
const Split = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  ${media.wide} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
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
