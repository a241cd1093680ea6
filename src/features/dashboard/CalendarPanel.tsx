import { useId, useState } from 'react';
import styled from 'styled-components';
import { localIsoDate } from '@common/domain';
import { useGetActivitiesQuery } from '@/app/apiSlice';
import { IconButton } from '@/components/Button';
import { Card, PanelTitle } from '@/components/Card';
import { ErrorText, Loading } from '@/components/StatusMessage';
import { formatMonthTitle, shiftMonth, yearMonthOf } from '@/lib/calendar';
import { media } from '@/styles/media';
import { CalendarGrid } from './CalendarGrid';
import { CalendarLegend } from './CalendarLegend';
import { CalendarSummary } from './CalendarSummary';
import { EditDayModal } from './EditDayModal';

/** The monthly calendar: emoji per day, and a click on an eligible day opens its edit modal. */
export function CalendarPanel() {
  const today = localIsoDate();
  const [month, setMonth] = useState(() => yearMonthOf(today));
  const [openDate, setOpenDate] = useState<string | null>(null);
  const titleId = useId();
  const activities = useGetActivitiesQuery();
  const records = activities.data ?? [];

  return (
    <Panel aria-labelledby={titleId}>
      <Header>
        <IconButton aria-label="Previous month" onClick={() => setMonth((m) => shiftMonth(m, -1))}>
          <span aria-hidden="true">‹</span>
        </IconButton>
        <Title id={titleId} aria-live="polite">
          {formatMonthTitle(month)}
        </Title>
        <IconButton aria-label="Next month" onClick={() => setMonth((m) => shiftMonth(m, 1))}>
          <span aria-hidden="true">›</span>
        </IconButton>
      </Header>
      {activities.isLoading && <Loading />}
      {activities.isError && <ErrorText>Error loading calendar</ErrorText>}
      {activities.data && (
        <>
          <Hint>Click to edit learning time!</Hint>
          <Body>
            <GridBox>
              <CalendarGrid month={month} today={today} records={records} labelledBy={titleId} onOpenDay={setOpenDate} />
              <CalendarLegend />
            </GridBox>
            <CalendarSummary />
          </Body>
        </>
      )}
      {openDate && (
        <EditDayModal
          key={openDate}
          date={openDate}
          isToday={openDate === today}
          record={records.find((r) => r.date === openDate)}
          onClose={() => setOpenDate(null)}
        />
      )}
    </Panel>
  );
}

const Panel = styled(Card)`
  min-width: 0;
  ${media.narrow} { padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.sm}; }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Title = styled(PanelTitle)`
  margin: 0;
  text-align: center;
`;

const Hint = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.sm};
  text-align: center;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Body = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
`;

/* The summary sits beside the grid when the panel has room, else below it, so tiles stay large. */
const GridBox = styled.div`
  flex: 3 1 320px;
  min-width: 0;
`;
