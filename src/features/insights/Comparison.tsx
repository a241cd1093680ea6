import type { StatsBucketRow } from '@common/schemas/stats';
import { SKILL_NAMES } from '@/lib/skills';
import { formatHm } from '@/lib/time';
import { changeText, comparisonRows, periodNotOverText } from './insightsMaths';
import styled from 'styled-components';
import { Table } from './TrendChart';

interface ComparisonProps {
  period: 'week' | 'month';
  /** The learner's today: a line under the table says when this period is still under way. */
  today: string;
  now: StatsBucketRow;
  before: StatsBucketRow;
}

/** This week (or month) so far next to the whole previous one, in total and per skill. */
export function Comparison({ period, today, now, before }: ComparisonProps) {
  const nowLabel = `This ${period}`;
  const beforeLabel = `Last ${period}`;
  const note = periodNotOverText(now.start, period, today);
  return (
    <div>
      <Table>
        <caption>{`This ${period} vs last ${period}`}</caption>
        <thead>
          <tr>
            <th scope="col">Skill</th>
            <th scope="col">{nowLabel}</th>
            <th scope="col">{beforeLabel}</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {comparisonRows(now, before, SKILL_NAMES).map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{formatHm(row.now)}</td>
              <td>{formatHm(row.before)}</td>
              <td>{changeText(row.now, row.before)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {note && <Note>{note}</Note>}
    </div>
  );
}

const Note = styled.p`
  margin-top: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;
