import { useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import styled from 'styled-components';
import { useT } from '@/i18n/I18nProvider';
import type { Skill } from '@common/domain';
import { SKILLS, skillDailyField } from '@common/domain';
import { useDailyMinutesQuery, useGetMonthActivitiesQuery } from '@/api/apiSlice';
import { useAppDispatch, useAppSelector } from '@/api/hooks';
import type { KeptEntry } from '@/api/session';
import { useLearnerToday } from '@/api/useLearnerToday';
import { keptEntryRestored, selectKeptEntry, selectSessionEnded } from '@/api/session';
import { RefusedAdds, WaitingChip } from '@/sync';
import { Button } from '@/components/Button';
import { Card, PanelTitle } from '@/components/Card';
import { FailureNotice } from '@/components/FailureNotice';
import { SKILL_NAMES } from '@/lib/skills';
import { monthOf } from '@/lib/calendar';
import { formatHm } from '@/lib/time';
import { AddTimeModal } from './AddTimeModal';
import { EditDayModal } from './lazyDialogs';

/** Today's minutes per skill, and the four buttons that add time (spec 2 "Daily panel"). */
export function DailyPanel({ skillAction, skillStatus }: { skillAction?: (skill: Skill) => ReactNode; skillStatus?: (skill: Skill) => ReactNode }) {
  const t = useT();
  const todayIso = useLearnerToday();
  const today = useDailyMinutesQuery(todayIso);
  const titleId = useId();
  const [openSkill, setOpenSkill] = useState<Skill | null>(null);
  const dispatch = useAppDispatch();
  const keptEntry = useAppSelector(selectKeptEntry);
  const sessionEnded = useAppSelector(selectSessionEnded);
  const [kept, setKept] = useState<KeptEntry | undefined>();
  // A refused add (sent later from the outbox) offers to edit the day it named.
  const [editDate, setEditDate] = useState<string | null>(null);
  const editMonth = useGetMonthActivitiesQuery(editDate ? monthOf(editDate) : skipToken);

  // Back after signing in again: the entry that met the ended session opens as it was typed.
  useEffect(() => {
    if (!keptEntry || sessionEnded) return;
    setKept(keptEntry);
    setOpenSkill(keptEntry.skill);
    dispatch(keptEntryRestored());
  }, [keptEntry, sessionEnded, dispatch]);

  const close = () => {
    setOpenSkill(null);
    setKept(undefined);
  };

  return (
    <Card aria-labelledby={titleId}>
      <Header>
        <PanelTitle id={titleId}>{t('dashboard.daily.title')}</PanelTitle>
        {today.data && <Total>{t('dashboard.daily.total', { time: formatHm(today.data.totalDailyMins ?? 0) })}</Total>}
        {/* In the header, where the total will be, so the tiles below do not jump when it arrives. */}
        {today.isLoading && <Total role="status">{t('common.loading')}</Total>}
      </Header>
      <FailureNotice reads={[today]} />
      <RefusedAdds onEditDay={setEditDate} />
      <Grid>
        {SKILLS.map((skill) => (
          <Tile key={skill} $skill={skill}>
            <SkillName>{SKILL_NAMES[skill]}</SkillName>
            {skillStatus?.(skill)}
            {today.data ? (
              <Minutes>{formatHm(today.data[skillDailyField(skill)])}</Minutes>
            ) : (
              // Holds the line's height while there is no real value: no fake '0h 0m', no jump.
              <Minutes aria-hidden="true" $placeholder>
                {formatHm(0)}
              </Minutes>
            )}
            <WaitingChip date={todayIso} skill={skill} />
            <AddButton $fullWidth onClick={() => setOpenSkill(skill)}>
              <span aria-hidden="true">+</span>
              {t('dashboard.daily.addSkill', { skill: SKILL_NAMES[skill] })}
            </AddButton>
            {skillAction?.(skill)}
          </Tile>
        ))}
      </Grid>
      {openSkill && (
        <AddTimeModal skill={openSkill} today={today.data} kept={kept} onClose={close} />
      )}
      {editDate && editMonth.isSuccess && (
        <EditDayModal
          date={editDate}
          isToday={editDate === todayIso}
          record={editMonth.data.find((r) => r.date === editDate)}
          onClose={() => setEditDate(null)}
        />
      )}
    </Card>
  );
}

const Header = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
`;

const Total = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Tile = styled.div<{ $skill: Skill }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-top: 4px solid ${({ theme, $skill }) => theme.skills[$skill]};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const SkillName = styled.h3`
  font-size: ${({ theme }) => theme.font.size.md};
`;

const AddButton = styled(Button)`
  margin-top: auto;
  padding-inline: ${({ theme }) => theme.space.md};
  white-space: nowrap;
`;

const Minutes = styled.p<{ $placeholder?: boolean }>`
  visibility: ${({ $placeholder }) => ($placeholder ? 'hidden' : 'visible')};
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;
