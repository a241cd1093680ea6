/**
 * The drawn ring of SkillPieChart. It is the only module that imports victory, and SkillPieChart
 * loads it lazily, so the dashboard's first paint does not wait for the chart library (on phones
 * the chart is not even on the first tab).
 */
import { useTheme } from 'styled-components';
import { VictoryContainer, VictoryPie, VictoryTooltip } from 'victory';
import type { Skill } from '@common/domain';
import { useT } from '@/i18n/I18nProvider';

const SIZE = 300;
const PADDING = 24;
const INNER_RADIUS = 56;
/** Labels sit in the middle of the ring. */
const LABEL_RADIUS = (INNER_RADIUS + (SIZE / 2 - PADDING)) / 2;

export interface PieSlice {
  x: Skill;
  y: number;
  text: string;
}

interface PieRingProps {
  data: PieSlice[];
  summary: string;
}

export function PieRing({ data, summary }: PieRingProps) {
  const t = useT();
  const theme = useTheme();
  return (
    <VictoryPie
      data={data}
      colorScale={data.map((d) => theme.skills[d.x])}
      width={SIZE}
      height={SIZE}
      padding={PADDING}
      innerRadius={INNER_RADIUS}
      padAngle={data.length > 1 ? 1.5 : 0}
      labelRadius={LABEL_RADIUS}
      labels={({ datum }: { datum: { text: string } }) => datum.text}
      // Spec 9: the time shows in a tooltip (minutes under 60, else whole hours) on hover or touch.
      labelComponent={<VictoryTooltip flyoutStyle={{ fill: theme.colors.surface, stroke: theme.colors.border }} />}
      containerComponent={<VictoryContainer title={t('components.chart.timePerSkill')} desc={summary} />}
      style={{
        labels: { fill: theme.colors.text, fontSize: 18, fontWeight: theme.font.weight.bold },
        parent: { overflow: 'visible' },
      }}
    />
  );
}
