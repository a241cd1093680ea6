import styled from 'styled-components';
import { useT } from '@/i18n/I18nProvider';

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
  const t = useT();
  return (
    <Bar>
      <Group role="group" aria-label={t('insights.range.label')}>
        <Toggle type="button" aria-pressed={range === 'week'} onClick={() => onRange('week')}>
          {t('insights.range.weeks')}
        </Toggle>
        <Toggle type="button" aria-pressed={range === 'month'} onClick={() => onRange('month')}>
          {t('insights.range.months')}
        </Toggle>
      </Group>
      <Group role="group" aria-label={t('insights.range.showAs')}>
        <Toggle type="button" aria-pressed={view === 'chart'} onClick={() => onView('chart')}>
          {t('insights.range.chart')}
        </Toggle>
        <Toggle type="button" aria-pressed={view === 'table'} onClick={() => onView('table')}>
          {t('insights.range.table')}
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
