import styled from 'styled-components';
import type { ActivityRecord } from '@common/api-types';
import type { CalendarContext, YearMonth } from '@/lib/calendar';
import { weekdayNames, monthGrid, tileState } from '@/lib/calendar';
import { DayTile } from './DayTile';

interface CalendarGridProps {
  month: YearMonth;
  /** The shown month's records. */
  records: readonly ActivityRecord[];
  context: CalendarContext;
  /** Id of the visible month title, which names the table. */
  labelledBy: string;
  onOpenDay: (date: string) => void;
}

/** The month as a table, Sunday first; days of neighbouring months stay empty. */
export function CalendarGrid({ month, records, context, labelledBy, onOpenDay }: CalendarGridProps) {
  const minutesOn = (date: string) => {
    const r = records.find((record) => record.date === date);
    return r ? r.listeningDailyMins + r.readingDailyMins + r.speakingDailyMins + r.writingDailyMins : 0;
  };
  return (
    <Table aria-labelledby={labelledBy}>
      <thead>
        <tr>
          {weekdayNames().map(({ long, narrow }) => (
            <Heading key={long} scope="col" aria-label={long}>
              <abbr title={long}>{narrow}</abbr>
            </Heading>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthGrid(month.year, month.month).map((week) => (
          <tr key={week.find((d) => d !== null)?.date}>
            {week.map((day, i) => (
              <Cell key={day?.date ?? `blank-${i}`}>
                {day && (
                  <DayTile
                    day={day}
                    state={tileState(day.date, records, context)}
                    isToday={day.date === context.today}
                    minutes={minutesOn(day.date)}
                    onOpen={onOpenDay}
                  />
                )}
              </Cell>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const Table = styled.table`
  width: 100%;
  table-layout: fixed;
  border-collapse: separate;
  border-spacing: 3px;
`;

const Heading = styled.th`
  padding: ${({ theme }) => theme.space.xs} 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  abbr { text-decoration: none; }
`;

const Cell = styled.td`
  padding: 0;
  vertical-align: top;
`;
