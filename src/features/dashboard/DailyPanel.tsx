import { useId, useState } from 'react';
import styled from 'styled-components';
import type { Skill } from '@common/domain';
import { SKILLS, localIsoDate, skillDailyField } from '@common/domain';
import { useDailyMinutesQuery } from '@/app/apiSlice';
import { Button } from '@/components/Button';
import { Card, PanelTitle } from '@/components/Card';
import { ErrorText } from '@/components/StatusMessage';
import { SKILL_NAMES } from '@/lib/skills';
import { messageFor } from '@/lib/errorMessages';
import { formatHm } from '@/lib/time';
import { AddTimeModal } from './AddTimeModal';

/** Today's minutes per skill, and the four buttons that add time (spec 2 "Daily panel"). */
export function DailyPanel() {
  const today = useDailyMinutesQuery(localIsoDate());
  const titleId = useId();
  const [openSkill, setOpenSkill] = useState<Skill | null>(null);
  const minutesOf = (skill: Skill) => today.data?.[skillDailyField(skill)] ?? 0;

  return (
    <Card aria-labelledby={titleId}>
      <Header>
        <PanelTitle id={titleId}>Today</PanelTitle>
        {today.data && <Total>Total {formatHm(today.data.totalDailyMins ?? 0)}</Total>}
        {/* In the header, where the total will be, so the tiles below do not jump when it arrives. */}
        {today.isLoading && <Total role="status">Loading...</Total>}
      </Header>
      {today.isError && <ErrorText>{messageFor(today.error, 'GET_DAILY_TIME_ERROR')}</ErrorText>}
      <Grid>
        {SKILLS.map((skill) => (
          <Tile key={skill} $skill={skill}>
            <SkillName>{SKILL_NAMES[skill]}</SkillName>
            <Minutes>{formatHm(minutesOf(skill))}</Minutes>
            <AddButton $fullWidth onClick={() => setOpenSkill(skill)}>
              <span aria-hidden="true">+</span>
              {SKILL_NAMES[skill]} Time
            </AddButton>
          </Tile>
        ))}
      </Grid>
      {openSkill && (
        <AddTimeModal skill={openSkill} todayMinutes={minutesOf(openSkill)} onClose={() => setOpenSkill(null)} />
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

const Minutes = styled.p`
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;
