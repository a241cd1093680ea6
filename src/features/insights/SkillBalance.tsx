import styled, { useTheme } from 'styled-components';
import { SKILLS, type Skill } from '@common/domain';
import { SKILL_NAMES } from '@/lib/skills';
import { skillShares } from './insightsMaths';
import { Table } from './TrendChart';
import { useI18n, useT } from '@/i18n/I18nProvider';

interface SkillBalanceProps {
  recent: Record<Skill, number>;
  allTime: Record<Skill, number>;
}

/** Each skill's share of the last 30 days next to its share of all time. */
export function SkillBalance({ recent, allTime }: SkillBalanceProps) {
  const theme = useTheme();
  const t = useT();
  const recentShare = skillShares(recent);
  const allTimeShare = skillShares(allTime);
  return (
    <Table>
      <caption>{t('insights.balance.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('insights.comparison.skill')}</th>
          <th scope="col">{t('insights.balance.recent')}</th>
          <th scope="col">{t('insights.balance.allTime')}</th>
        </tr>
      </thead>
      <tbody>
        {SKILLS.map((skill) => (
          <tr key={skill}>
            <th scope="row">
              <Swatch $color={theme.skills[skill]} aria-hidden="true" />
              {SKILL_NAMES[skill]}
            </th>
            <td>
              <Share value={recentShare[skill]} color={theme.skills[skill]} />
            </td>
            <td>
              <Share value={allTimeShare[skill]} color={theme.skills[skill]} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function Share({ value, color }: { value: number; color: string }) {
  const { formatNumber } = useI18n();
  return (
    <ShareCell>
      <Track aria-hidden="true">
        <Fill style={{ width: `${value}%`, background: color }} />
      </Track>
      {formatNumber(value / 100, { style: 'percent' })}
    </ShareCell>
  );
}

const ShareCell = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Track = styled.span`
  display: inline-block;
  width: 64px;
  height: 8px;
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.background};
  overflow: hidden;
`;

const Fill = styled.span`
  display: block;
  height: 100%;
`;

const Swatch = styled.span<{ $color: string }>`
  display: inline-block;
  width: 12px;
  height: 12px;
  margin-inline-end: ${({ theme }) => theme.space.xs};
  border-radius: 3px;
  background: ${({ $color }) => $color};
`;
