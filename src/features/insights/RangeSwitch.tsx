import styled from 'styled-components';

export type Range = 'week' | 'month';
export type View = 'chart' | 'table';

interface RangeSwitchProps {
  range: Range;
  view: View;
  onRange: (range: Range) => void;
  onView: (view: View) => void;
}

/** Two pairs of toggle buttons: 12 weeks or 12 months, chart or table. */
export function RangeSwitch({ range, view, onRange, onView }: RangeSwitchProps) {
  return (
    <Bar>
      <Group role="group" aria-label="Range">
        <Toggle type="button" aria-pressed={range === 'week'} onClick={() => onRange('week')}>
          12 weeks
        </Toggle>
        <Toggle type="button" aria-pressed={range === 'month'} onClick={() => onRange('month')}>
          12 months
        </Toggle>
      </Group>
      <Group role="group" aria-label="Show as">
        <Toggle type="button" aria-pressed={view === 'chart'} onClick={() => onView('chart')}>
          Chart
        </Toggle>
        <Toggle type="button" aria-pressed={view === 'table'} onClick={() => onView('table')}>
          Table
        </Toggle>
      </Group>
    </Bar>
  );
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Group = styled.div`
  display: inline-flex;
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius.pill};
  overflow: hidden;
`;

const Toggle = styled.button`
  min-height: 40px;
  padding: ${({ theme }) => `0 ${theme.space.md}`};
  border: none;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  cursor: pointer;
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;
