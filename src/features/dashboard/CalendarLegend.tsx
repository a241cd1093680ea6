import styled from 'styled-components';
import { useT } from '@/i18n/I18nProvider';
import { Emoji } from '@/components/Emoji';

/**
 * Day fills of the calendar: achieved and missed days differ in colour as well as in their emoji
 * and accessible names, so the colour is never the only cue. Both fills keep the day number's
 * text at AA contrast.
 */
export const DAY_FILLS = {
  achieved: { background: '#dcf3e4', border: '#1e7a46' },
  missed: { background: '#fbe4e6', border: '#b3261e' },
} as const;

/** The key under the calendar: what each fill, the outline and the rest day's 😴 mean. */
export function CalendarLegend() {
  const t = useT();
  return (
    <Legend aria-label={t('dashboard.calendar.key')}>
      <li>
        <Sample $fill={DAY_FILLS.achieved.background} $border={DAY_FILLS.achieved.border} aria-hidden="true" />
        {t('dashboard.calendar.achieved')}
      </li>
      <li>
        <Sample $fill={DAY_FILLS.missed.background} $border={DAY_FILLS.missed.border} aria-hidden="true" />
        {t('dashboard.calendar.missed')}
      </li>
      <li>
        <Sample $fill="transparent" $border="currentColor" $thick aria-hidden="true" />
        {t('dashboard.calendar.today')}
      </li>
      <li>
        <RestSample aria-hidden="true">
          <Emoji kind="rest" />
        </RestSample>
        {t('dashboard.calendar.restDay')}
      </li>
    </Legend>
  );
}

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
  }
`;

const Sample = styled.span<{ $fill: string; $border: string; $thick?: boolean }>`
  width: 14px;
  height: 14px;
  border-radius: 3px;
  background: ${({ $fill }) => $fill};
  border: ${({ $thick }) => ($thick ? 3 : 2)}px solid ${({ $border }) => $border};
`;

const RestSample = styled.span`
  display: inline-grid;
  place-items: center;
  width: 14px;
  height: 14px;
  font-size: 12px;
  line-height: 1;
`;
