import styled from 'styled-components';
import type { MilestoneKey } from '@common/domain';
import { LEVELS, MILESTONE_MAX_HOURS } from '@common/domain';
import { DigitsInput } from '@/components/DigitsInput';
import type { MilestoneDraft } from './milestoneDraft';
import { useT } from '@/i18n/I18nProvider';

interface MilestonesFieldProps {
  idPrefix: string;
  value: MilestoneDraft;
  onChange: (value: MilestoneDraft) => void;
}

const maxDigits = String(MILESTONE_MAX_HOURS).length;

/** The hours at which each level starts: six whole-number fields, parsed when saved. */
export function MilestonesField({ idPrefix, value, onChange }: MilestonesFieldProps) {
  const t = useT();
  return (
    <div>
      <Hint>{t('settings.milestones.hint')}</Hint>
      <Grid>
        {LEVELS.map((level) => {
          const key: MilestoneKey = `level${level}`;
          return (
            <DigitsInput
              key={key}
              id={`${idPrefix}-${key}`}
              label={t('settings.milestones.level', { level })}
              value={value[key]}
              maxLength={maxDigits}
              onChange={(text) => onChange({ ...value, [key]: text })}
            />
          );
        })}
      </Grid>
    </div>
  );
}

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  margin-bottom: ${({ theme }) => theme.space.sm};
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  input { width: 100%; }
`;
