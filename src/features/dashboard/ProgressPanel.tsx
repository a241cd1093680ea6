import { useId, useState } from 'react';
import styled from 'styled-components';
import { useT } from '@/i18n/I18nProvider';
import { MAX_LEVEL, hoursUntilNextLevel, levelHours, levelProgressRatio } from '@common/domain';
import { useGetMilestonesQuery, useGetPreviousHoursQuery, useGetProgressQuery } from '@/api/apiSlice';
import { IconButton } from '@/components/Button';
import { Card, PanelTitle } from '@/components/Card';
import { ProgressBar } from '@/components/ProgressBar';
import { FailureNotice } from '@/components/FailureNotice';
import { Loading } from '@/components/StatusMessage';
import { SkillPieChart } from '@/components/charts/SkillPieChart';
import { formatCount } from '@/lib/time';
import { LevelModal } from './lazyDialogs';

/** Total hours, level and progress to the next one, and the time per skill (spec 2, 4). */
export function ProgressPanel() {
  const t = useT();
  const progress = useGetProgressQuery();
  const previous = useGetPreviousHoursQuery();
  const milestones = useGetMilestonesQuery();
  const titleId = useId();
  const [levelOpen, setLevelOpen] = useState(false);

  const body = () => {
    if (progress.isError || previous.isError || milestones.isError) {
      return <FailureNotice reads={[progress, previous, milestones]} title={t('dashboard.progress.error')} />;
    }
    if (!progress.data || !previous.data || !milestones.data) return <Loading />;

    const p = progress.data;
    const level = p.currentLevel ?? 0;
    const hours = levelHours(p.totalOverallMins, previous.data.previousHours);
    const untilNext = hoursUntilNextLevel(hours, level, milestones.data);
    return (
      <>
        <Summary>
          <div>
            <Label>{t('dashboard.progress.totalHours')}</Label>
            {/* '2,021', not '2021', which reads like a year. */}
            <Big>{formatCount(hours)}</Big>
          </div>
          <LevelLine>
            <Label>{t('dashboard.level.title', { level })}</Label>
            <IconButton aria-label={t('dashboard.progress.levelDetails')} onClick={() => setLevelOpen(true)}>
              <span aria-hidden="true">+</span>
            </IconButton>
          </LevelLine>
        </Summary>
        <ProgressBar value={levelProgressRatio(hours, level, milestones.data)} max={1} label={t('dashboard.progress.toLevel', { level: Math.min(level + 1, MAX_LEVEL) })} />
        <Next>
          {untilNext === null ? t('dashboard.progress.highest') : t('dashboard.progress.untilNext', { hours: untilNext, level: level + 1 })}
        </Next>
        {/* The legend is always there (spec 2), also before the first minute; the sentence takes only the pie's place. */}
        <SkillPieChart
          minutes={{
            listening: p.listeningOverallMins,
            reading: p.readingOverallMins,
            speaking: p.speakingOverallMins,
            writing: p.writingOverallMins,
          }}
          empty={<Empty>{t('dashboard.progress.empty')}</Empty>}
        />
        {levelOpen && <LevelModal level={level} onClose={() => setLevelOpen(false)} />}
      </>
    );
  };

  return (
    <Card aria-labelledby={titleId}>
      <PanelTitle id={titleId}>{t('dashboard.progress.title')}</PanelTitle>
      <Stack $minHeight={progress.isLoading || previous.isLoading || milestones.isLoading ? LOADED_HEIGHT : undefined}>
        {body()}
      </Stack>
    </Card>
  );
}

/** About the loaded panel's height: held while loading so the panels below do not move (CLS). */
const LOADED_HEIGHT = '420px';

const Stack = styled.div<{ $minHeight?: string }>`
  min-height: ${({ $minHeight }) => $minHeight ?? '0'};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Summary = styled.div`
  display: flex;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
`;

const Label = styled.p`
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Big = styled.p`
  font-size: ${({ theme }) => theme.font.size.hero};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: 1.1;
  color: ${({ theme }) => theme.colors.primary};
`;

const LevelLine = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};

  ${Label} {
    font-size: ${({ theme }) => theme.font.size.lg};
    font-weight: ${({ theme }) => theme.font.weight.bold};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Next = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Empty = styled.p`
  padding: ${({ theme }) => theme.space.lg};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;
