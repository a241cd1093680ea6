/**
 * The drawn stacked bars of TrendChart (victory, loaded lazily). It is hidden from assistive
 * technology: the bar buttons and the table of TrendChart carry the same numbers as text.
 */
import { useTheme } from 'styled-components';
import { VictoryAxis, VictoryBar, VictoryChart, VictoryStack } from 'victory';
import { SKILLS } from '@common/domain';
import type { StatsBucketRow } from '@common/schemas/stats';
import { CHART, SKILL_FIELD } from './insightsMaths';
import { useI18n } from '@/i18n/I18nProvider';
import type { I18n } from '@/i18n/i18n';

/** Four gridlines at round values: whole hours for a tall chart, quarters of an hour for a low one. */
function yTicks(max: number, i18n: I18n): { ticks: number[]; label: (minutes: number) => string } {
  const unit = max >= 180 ? 60 : 15;
  const step = unit * Math.max(1, Math.ceil(max / unit / 4));
  const narrow = (value: number, name: string) => i18n.formatNumber(value, { style: 'unit', unit: name, unitDisplay: 'narrow' });
  return { ticks: [1, 2, 3, 4].map((i) => i * step), label: (m) => (unit === 60 ? narrow(m / 60, 'hour') : narrow(m, 'minute')) };
}

interface TrendBarsProps {
  buckets: readonly StatsBucketRow[];
  selected: number;
  /** The y-axis labels' size in the drawing's units (TrendChart keeps them a readable size on screen). */
  labelSize?: number;
}

export function TrendBars({ buckets, selected, labelSize = 13 }: TrendBarsProps) {
  const theme = useTheme();
  const i18n = useI18n();
  const y = yTicks(Math.max(...buckets.map((b) => b.totalMins), 0), i18n);
  return (
    <VictoryChart
      width={CHART.width}
      height={CHART.height}
      padding={{ left: CHART.left, right: CHART.right, top: CHART.top, bottom: CHART.bottom }}
      // One column per bar, so the HTML labels below line up with the bars.
      domain={{ x: [0.5, buckets.length + 0.5], y: [0, y.ticks[3]] }}
    >
      <VictoryAxis tickFormat={() => ''} style={{ axis: { stroke: theme.colors.border } }} />
      <VictoryAxis
        dependentAxis
        tickValues={y.ticks}
        tickFormat={y.label}
        style={{
          axis: { stroke: 'transparent' },
          grid: { stroke: theme.colors.border, strokeDasharray: '4 4' },
          tickLabels: { fill: theme.colors.textMuted, fontSize: labelSize, padding: 4 },
        }}
      />
      <VictoryStack>
        {SKILLS.map((skill) => (
          <VictoryBar
            key={skill}
            barRatio={0.7}
            data={buckets.map((b, i) => ({ x: i + 1, y: b[SKILL_FIELD[skill]] }))}
            style={{
              data: {
                fill: theme.skills[skill],
                // The selected bar stands out by its outline as well as by the pressed label below it.
                stroke: ({ index }: { index?: number | string }) => (Number(index) === selected ? theme.colors.text : 'none'),
                strokeWidth: 1.5,
              },
            }}
          />
        ))}
      </VictoryStack>
    </VictoryChart>
  );
}
