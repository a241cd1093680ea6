import type { StatsBucketRow } from '@common/schemas/stats';
import { SKILL_NAMES } from '@/lib/skills';
import { formatHm } from '@/lib/time';
import { changeText, comparisonRows, periodNotOverText } from './insightsMaths';
import styled from 'styled-components';
import { Table } from './TrendChart';
import { useI18n } from '@/i18n/I18nProvider';

interface ComparisonProps {
  period: 'week' | 'month';
  /** The learner's today: a line under the table says when this period is still under way. */
  today: string;
  now: StatsBucketRow;
  before: StatsBucketRow;
}

/** This week (or month) so far next to the whole previous one, in total and per skill. */
export function Comparison({ period, today, now, before }: ComparisonProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const note = periodNotOverText(now.start, period, today, i18n);
  return (
    <div>
      <Table>
        <caption>{t('insights.comparison.caption', { period })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('insights.comparison.skill')}</th>
            <th scope="col">{t('insights.comparison.now', { period })}</th>
            <th scope="col">{t('insights.comparison.before', { period })}</th>
            <th scope="col">{t('insights.comparison.change')}</th>
          </tr>
        </thead>
        <tbody>
          {comparisonRows(now, before, SKILL_NAMES, i18n).map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{formatHm(row.now)}</td>
              <td>{formatHm(row.before)}</td>
              <td>{changeText(row.now, row.before, i18n)}</td>
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
