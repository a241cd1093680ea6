import { useContext, useSyncExternalStore, type ReactNode } from 'react';
import styled, { useTheme } from 'styled-components';
import type { Skill } from '@common/domain';
import { SKILLS } from '@common/domain';
import { SKILL_NAMES } from '@/lib/skills';
import { formatHm } from '@/lib/time';
import { CodeBoundary, retryableLazy } from '../CodeBoundary';
import { ChartShown } from './chartShown';
import type { PieSlice } from './PieRing';
import { useT } from '@/i18n/I18nProvider';

const pieRing = retryableLazy(() => import('./PieRing').then((m) => ({ default: m.PieRing })));

const noChange = () => () => undefined;

/**
 * False in a server render and while the browser hydrates one (issue #45), true in any other
 * render: the drawing is never part of the server's markup, which keeps its box empty, and it
 * is asked for only once the hydrated screen is up, never holding a boundary's hydration.
 */
const useDrawingHere = () => useSyncExternalStore(noChange, () => true, () => false);

/** Spec 9: a slice's tooltip reads in minutes while under an hour, else in whole hours ('45m', '3h'). */
function pieTimeLabel(minutes: number): string {
  return minutes < 60 ? `${minutes}m` : `${Math.floor(minutes / 60)}h`;
}

interface SkillPieChartProps {
  minutes: Record<Skill, number>;
  /** Shown in the drawing's place while every skill has 0 minutes; the legend stays either way (spec 2). */
  empty?: ReactNode;
}

/** Time per skill as a pie with a visible colour legend; the figure's label is its text equivalent. */
export function SkillPieChart({ minutes, empty }: SkillPieChartProps) {
  const t = useT();
  const theme = useTheme();
  const shown = useContext(ChartShown);
  const drawing = useDrawingHere() && shown;
  // Empty slices are not drawn; the legend below gives every skill's time either way.
  const data: PieSlice[] = SKILLS.filter((s) => minutes[s] > 0).map((s) => ({
    x: s,
    y: minutes[s],
    text: pieTimeLabel(minutes[s]),
  }));
  // The legend and the summary use the app's one time format ('1h 10m'), as the cards beside them do.
  const summary = SKILLS.map((s) => `${SKILL_NAMES[s]} ${formatHm(minutes[s])}`).join(', ');

  return (
    <Figure>
      {data.length === 0 && empty ? (
        empty
      ) : (
        <ChartBox role="img" aria-label={t('components.chart.timePerSkillSummary', { summary })}>
          {/* The drawing (victory, most of the dashboard's code) loads on its own; the box keeps its place meanwhile. */}
          {drawing && (
            <CodeBoundary onRetry={pieRing.retry}>{() => <pieRing.Component data={data} summary={summary} />}</CodeBoundary>
          )}
        </ChartBox>
      )}
      <Legend aria-label={t('components.chart.legend')}>
        {SKILLS.map((s) => (
          <li key={s}>
            <Swatch $color={theme.skills[s]} aria-hidden="true" />
            {SKILL_NAMES[s]}
            <LegendTime>{formatHm(minutes[s])}</LegendTime>
          </li>
        ))}
      </Legend>
    </Figure>
  );
}

const Figure = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const ChartBox = styled.div`
  width: 100%;
  max-width: 300px;
  /* The ring is square: the box has its final size before the drawing arrives (no layout shift). */
  aspect-ratio: 1;
  svg {
    display: block;
  }
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.font.size.sm};

  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
  }
`;

// Small slices have no room for a label; the legend repeats every skill's time.
const LegendTime = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Swatch = styled.span<{ $color: string }>`
  width: 12px;
  height: 12px;
  border-radius: 3px;
  background: ${({ $color }) => $color};
`;
