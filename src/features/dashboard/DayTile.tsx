import styled, { css } from 'styled-components';
import { Emoji } from '@/components/Emoji';
import type { CalendarDay, TileState } from '@/lib/calendar';
import { formatLongDate } from '@/lib/calendar';
import { t } from '@/i18n/i18n';
import { formatHoursMinutesLong, formatMinutesLong } from '@/lib/time';
import { media } from '@/styles/media';
import { DAY_FILLS } from './CalendarLegend';

const minutesText = (minutes: number) => (minutes < 60 ? formatMinutesLong(minutes) : formatHoursMinutesLong(minutes));

/** What a screen reader hears after the date, so the emoji is never the only cue. */
function stateText(state: TileState, isToday: boolean): string {
  if (state.greyed) return t('dashboard.day.beforeFirst');
  if (state.emoji === 'rest') return isToday ? t('dashboard.day.todayRest') : t('dashboard.day.rest');
  if (isToday) return state.emoji === 'happy' ? t('dashboard.day.todayAchieved') : t('dashboard.day.todayNotYet');
  if (state.emoji === 'happy') return t('dashboard.day.achieved');
  if (state.emoji === 'sad') return t('dashboard.day.notAchieved');
  return t('dashboard.day.upcoming');
}

interface DayTileProps {
  day: CalendarDay;
  state: TileState;
  isToday: boolean;
  /** The day's logged minutes, part of its accessible name when it can be opened. */
  minutes: number;
  onOpen: (date: string) => void;
}

/** One day of the calendar: a button when the day can be edited, plain text otherwise. */
export function DayTile({ day, state, isToday, minutes, onOpen }: DayTileProps) {
  const date = formatLongDate(day.date);
  const name = state.clickable
    ? t('dashboard.day.nameWithTime', { date, time: minutesText(minutes), state: stateText(state, isToday) })
    : t('dashboard.day.name', { date, state: stateText(state, isToday) });
  const fill = state.emoji === 'happy' ? DAY_FILLS.achieved : state.emoji === 'sad' ? DAY_FILLS.missed : null;
  const content = (
    <>
      <DayNumber aria-hidden="true">{day.day}</DayNumber>
      <EmojiSlot>{state.emoji && <Emoji kind={state.emoji} />}</EmojiSlot>
    </>
  );
  if (!state.clickable) {
    return (
      <StaticTile $greyed={state.greyed}>
        {content}
        <span className="visually-hidden">{name}</span>
      </StaticTile>
    );
  }
  return (
    <ButtonTile type="button" aria-label={name} $today={isToday} $fill={fill} onClick={() => onOpen(day.date)}>
      {content}
    </ButtonTile>
  );
}

const tile = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  width: 100%;
  aspect-ratio: 1;
  min-height: 40px;
  padding: 2px;
  border-radius: ${({ theme }) => theme.radius.sm};
  line-height: 1.2;
`;

const StaticTile = styled.div<{ $greyed: boolean }>`
  ${tile}
  border: 1px solid transparent;
  color: ${({ theme, $greyed }) => ($greyed ? theme.colors.textMuted : theme.colors.text)};
  background: ${({ theme, $greyed }) => ($greyed ? theme.colors.disabled : 'transparent')};
`;

const ButtonTile = styled.button<{ $today: boolean; $fill: { background: string; border: string } | null }>`
  ${tile}
  /* Today has a thick frame of its own over its fill, so it reads as today whether achieved or not. */
  border: ${({ theme, $today, $fill }) => ($today ? `3px solid ${theme.colors.primary}` : `2px solid ${$fill?.border ?? theme.colors.border}`)};
  background: ${({ theme, $fill }) => $fill?.background ?? theme.colors.surface};
  cursor: pointer;
  transition: background 0.15s ease;
  &:hover { background: ${({ theme }) => theme.colors.primaryLight}; }
`;

const DayNumber = styled.span`
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const EmojiSlot = styled.span`
  min-height: 1.2em;
  font-size: ${({ theme }) => theme.font.size.md};
  ${media.desktop} { font-size: ${({ theme }) => theme.font.size.lg}; }
`;
