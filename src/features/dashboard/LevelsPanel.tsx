import { useId, useState } from 'react';
import styled, { css } from 'styled-components';
import { useT } from '@/i18n/I18nProvider';
import type { MilestoneKey } from '@common/domain';
import { useGetMilestonesQuery, useGetProgressQuery, useGetUserLanguageQuery } from '@/api/apiSlice';
import { Card, PanelTitle } from '@/components/Card';
import { FailureNotice } from '@/components/FailureNotice';
import { Loading } from '@/components/StatusMessage';
import { LEVEL_DESCRIPTIONS } from '@/lib/levelDescriptions';
import { LanguageSelect } from './LanguageSelect';
import { LevelModal } from './lazyDialogs';

type CardState = 'reached' | 'current' | 'ahead';

const stateText = (t: ReturnType<typeof useT>, state: CardState): string =>
  state === 'reached' ? t('dashboard.levels.reached') : state === 'current' ? t('dashboard.levels.current') : t('dashboard.levels.ahead');

/**
 * The six levels with their milestones; the badge opens the level's full description (spec 2).
 * On a phone the top bar hides its language selector on this tab (spec 2), so the panel offers
 * one itself: levels are per language, and comparing them is where a learner switches.
 */
export function LevelsPanel({ showLanguageSelect = false }: { showLanguageSelect?: boolean }) {
  const t = useT();
  const language = useGetUserLanguageQuery();
  const progress = useGetProgressQuery();
  const milestones = useGetMilestonesQuery();
  const titleId = useId();
  const [openLevel, setOpenLevel] = useState<number | null>(null);

  const body = () => {
    if (progress.isError || milestones.isError) {
      return <FailureNotice reads={[progress, milestones]} title={t('dashboard.progress.error')} />;
    }
    // Held at about the loaded list's height so nothing below moves when it arrives.
    if (!progress.data || !milestones.data) return <LoadingBox><Loading /></LoadingBox>;
    const current = progress.data.currentLevel ?? 0;
    const hoursOf = milestones.data;
    return (
      <List>
        {LEVEL_DESCRIPTIONS.map((d) => {
          const state: CardState = d.level === current ? 'current' : d.level < current ? 'reached' : 'ahead';
          return (
            <Item key={d.level} $state={state} aria-current={state === 'current' ? 'true' : undefined}>
              <Badge type="button" $state={state} aria-label={t('dashboard.levels.details', { level: d.level })} onClick={() => setOpenLevel(d.level)}>
                {d.level}
              </Badge>
              <div>
                <Heading>
                  {t('dashboard.levels.heading', { title: d.title, hours: hoursOf[`level${d.level}` as MilestoneKey] })}
                </Heading>
                <Status $state={state}>{stateText(t, state)}</Status>
                <Bullets>
                  {d.highlights.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </Bullets>
              </div>
            </Item>
          );
        })}
      </List>
    );
  };

  return (
    <Card aria-labelledby={titleId}>
      <PanelTitle id={titleId}>{t('dashboard.levels.title')}</PanelTitle>
      <Hint>{t('dashboard.levels.hint')}</Hint>
      {showLanguageSelect && language.data?.name && (
        <Picker>
          <LanguageSelect current={language.data.name} />
        </Picker>
      )}
      {body()}
      {openLevel !== null && <LevelModal level={openLevel} onClose={() => setOpenLevel(null)} />}
    </Card>
  );
}

const Hint = styled.p`
  margin: -${({ theme }) => theme.space.sm} 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Picker = styled.div`
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const LoadingBox = styled.div`
  min-height: 360px;
`;

const List = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $state: CardState }>`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  ${({ theme, $state }) =>
    $state === 'current' &&
    css`
      border-color: ${theme.colors.primary};
      background: ${theme.colors.primaryLight};
    `}
  /* Levels ahead are faded through muted colours rather than opacity, so their text keeps AA contrast. */
  ${({ theme, $state }) =>
    $state === 'ahead' &&
    css`
      border-style: dashed;
      background: ${theme.colors.background};
      color: ${theme.colors.textMuted};
    `}
`;

const Badge = styled.button<{ $state: CardState }>`
  flex: none;
  width: 48px;
  height: 48px;
  border: none;
  border-radius: 50%;
  background: ${({ theme, $state }) => ($state === 'ahead' ? theme.colors.textMuted : theme.colors.primary)};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.primaryHover};
  }
`;

const Heading = styled.h3`
  font-size: ${({ theme }) => theme.font.size.md};
`;

const Status = styled.p<{ $state: CardState }>`
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${({ theme, $state }) => ($state === 'current' ? theme.colors.primary : theme.colors.textMuted)};
`;

const Bullets = styled.ul`
  margin: ${({ theme }) => `${theme.space.xs} 0 0`};
  padding-left: ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
