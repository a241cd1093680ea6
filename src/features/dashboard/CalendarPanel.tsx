import { useId, useState } from 'react';
import styled from 'styled-components';
import { useT } from '@/i18n/I18nProvider';
import { NO_REST_DAYS } from '@common/schemas/restDays';
import { useGetCalendarSummaryQuery, useGetMonthActivitiesQuery, useGetRestDaysQuery } from '@/api/apiSlice';
import { useLearnerToday } from '@/api/useLearnerToday';
import { IconButton } from '@/components/Button';
import { Card, PanelTitle } from '@/components/Card';
import { FailureNotice } from '@/components/FailureNotice';
import { Loading } from '@/components/StatusMessage';
import { formatMonthTitle, monthKey, shiftMonth, yearMonthOf } from '@/lib/calendar';
import { media } from '@/styles/media';
import { CalendarGrid } from './CalendarGrid';
import { CalendarLegend } from './CalendarLegend';
import { CalendarSummary } from './CalendarSummary';
import { EditDayModal } from './lazyDialogs';

/**
 * The monthly calendar: emoji per day, and a click on an eligible day opens its edit modal.
 * It reads the shown month's records only (one cache entry per month) and takes the first
 * recorded day from the server's summary, so its cost does not grow with the history.
 */
export function CalendarPanel() {
  const t = useT();
  const today = useLearnerToday();
  const [month, setMonth] = useState(() => yearMonthOf(today));
  const [monthOfToday, setMonthOfToday] = useState(() => monthKey(yearMonthOf(today)));
  // A new day in a new month: a calendar showing the old today's month moves on with it.
  if (monthKey(yearMonthOf(today)) !== monthOfToday) {
    setMonthOfToday(monthKey(yearMonthOf(today)));
    if (monthKey(month) === monthOfToday) setMonth(yearMonthOf(today));
  }
  const [openDate, setOpenDate] = useState<string | null>(null);
  const titleId = useId();
  const activities = useGetMonthActivitiesQuery(monthKey(month));
  const summary = useGetCalendarSummaryQuery(today);
  // Without its rest days the calendar still shows every day right except the rest mark.
  const restDays = useGetRestDaysQuery().data ?? NO_REST_DAYS;
  // currentData, not data: while another month loads, the last month's records must not show in it.
  const records = activities.currentData;
  const failed = activities.isError || summary.isError;
  const ready = records !== undefined && summary.data !== undefined;

  return (
    <Panel aria-labelledby={titleId}>
      <Header>
        <IconButton aria-label={t('dashboard.calendar.previousMonth')} onClick={() => setMonth((m) => shiftMonth(m, -1))}>
          <span aria-hidden="true">‹</span>
        </IconButton>
        <Title id={titleId} aria-live="polite">
          {formatMonthTitle(month)}
        </Title>
        <IconButton aria-label={t('dashboard.calendar.nextMonth')} onClick={() => setMonth((m) => shiftMonth(m, 1))}>
          <span aria-hidden="true">›</span>
        </IconButton>
      </Header>
      {failed && <FailureNotice reads={[activities, summary]} title={t('dashboard.calendar.error')} />}
      {!failed && !ready && <Loading />}
      {!failed && ready && (
        <>
          <Hint>{t('dashboard.calendar.hint')}</Hint>
          <Body>
            <GridBox>
              <CalendarGrid
                month={month}
                records={records}
                context={{ today, firstActivityDate: summary.data.firstActivityDate, restDays }}
                labelledBy={titleId}
                onOpenDay={setOpenDate}
              />
              <CalendarLegend />
            </GridBox>
            <CalendarSummary month={month} />
          </Body>
        </>
      )}
      {openDate && (
        <EditDayModal
          key={openDate}
          date={openDate}
          isToday={openDate === today}
          record={records?.find((r) => r.date === openDate)}
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
