import styled, { useTheme } from 'styled-components';
import { VictoryContainer, VictoryPie, VictoryTooltip } from 'victory';
import type { Skill } from '@common/domain';
import { SKILLS } from '@common/domain';

export const SKILL_NAMES: Record<Skill, string> = {
  listening: 'Listening',
  reading: 'Reading',
  speaking: 'Speaking',
  writing: 'Writing',
};

/** Spec 9: a slice reads in minutes while under an hour, else in whole hours ('45m', '3h'). */
export function pieTimeLabel(minutes: number): string {
  return minutes < 60 ? `${minutes}m` : `${Math.floor(minutes / 60)}h`;
}

const SIZE = 300;
const PADDING = 24;
const INNER_RADIUS = 56;
/** Labels sit in the middle of the ring. */
const LABEL_RADIUS = (INNER_RADIUS + (SIZE / 2 - PADDING)) / 2;

interface SkillPieChartProps {
  minutes: Record<Skill, number>;
}

/** Time per skill as a pie with a visible colour legend; the figure's label is its text equivalent. */
export function SkillPieChart({ minutes }: SkillPieChartProps) {
  const theme = useTheme();
  // Empty slices are not drawn; the legend below gives every skill's time either way.
  const data = SKILLS.filter((s) => minutes[s] > 0).map((s) => ({
    x: s,
    y: minutes[s],
    text: pieTimeLabel(minutes[s]),
  }));
  const summary = SKILLS.map((s) => `${SKILL_NAMES[s]} ${pieTimeLabel(minutes[s])}`).join(', ');

  return (
    <Figure>
      <ChartBox role="img" aria-label={`Time per skill: ${summary}`}>
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
          containerComponent={<VictoryContainer title="Time per skill" desc={summary} />}
          style={{
            labels: { fill: theme.colors.text, fontSize: 18, fontWeight: theme.font.weight.bold },
            parent: { overflow: 'visible' },
          }}
        />
      </ChartBox>
      <Legend aria-label="Legend">
        {SKILLS.map((s) => (
          <li key={s}>
            <Swatch $color={theme.skills[s]} aria-hidden="true" />
            {SKILL_NAMES[s]}
            <LegendTime>{pieTimeLabel(minutes[s])}</LegendTime>
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
