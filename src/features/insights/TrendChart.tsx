import { useEffect, useRef, useState, type RefObject } from 'react';
import { CodeBoundary, retryableLazy } from '@/components/CodeBoundary';
import styled, { useTheme } from 'styled-components';
import { SKILLS } from '@common/domain';
import type { StatsBucketRow } from '@common/schemas/stats';
import { SKILL_NAMES } from '@/lib/skills';
import { formatHm, formatHoursMinutesLong } from '@/lib/time';
import { media } from '@/styles/media';
import { CHART, SKILL_FIELD, bucketLabels } from './insightsMaths';
import { useI18n } from '@/i18n/I18nProvider';
import type { I18n } from '@/i18n/i18n';

const trendBars = retryableLazy(() => import('./TrendBars').then((m) => ({ default: m.TrendBars })));

/** What a screen reader hears for one bar: its name, total and every skill. */
function barText(bucket: StatsBucketRow, full: string, i18n: I18n): string {
  const skills = i18n.formatList(
    SKILLS.map((s) => i18n.t('insights.trend.skillTime', { skill: SKILL_NAMES[s], duration: formatHoursMinutesLong(bucket[SKILL_FIELD[s]]) })),
    { type: 'unit' },
  );
  return i18n.t('insights.trend.barText', { name: full, total: formatHoursMinutesLong(bucket.totalMins), skills });
}

interface TrendChartProps {
  buckets: readonly StatsBucketRow[];
  bucket: 'week' | 'month';
  view: 'chart' | 'table';
}

/**
 * Stacked minutes per skill, one bar per week or month. Under the drawing, one button per bar
 * names it and speaks its values, and shows them beside the chart when chosen; the table view
 * gives every number at once.
 */
export function TrendChart({ buckets, bucket, view }: TrendChartProps) {
  const theme = useTheme();
  const i18n = useI18n();
  const { t } = i18n;
  const [chosen, setChosen] = useState<number | null>(null);
  const chartBox = useRef<HTMLDivElement>(null);
  const labelSize = useAxisLabelSize(chartBox);
  const selected = chosen !== null && chosen < buckets.length ? chosen : buckets.length - 1;
  const labels = buckets.map((b) => bucketLabels(b.start, bucket, i18n));

  if (view === 'table') {
    const caption = t('insights.trend.tableCaption', { bucket });
    return (
      // Should a phone's text size still not fit, the table scrolls in its own box, never the page.
      <TableBox role="region" aria-label={caption} tabIndex={0}>
        <Table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('insights.trend.unit', { bucket })}</th>
              {SKILLS.map((s) => (
                <th scope="col" key={s}>
                  {SKILL_NAMES[s]}
                </th>
              ))}
              <th scope="col">{t('insights.comparison.total')}</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((b, i) => (
              <tr key={b.start}>
                <th scope="row">
                  <FullLabel>{labels[i].full}</FullLabel>
                  <CompactLabel aria-hidden="true">{labels[i].compact}</CompactLabel>
                </th>
                {SKILLS.map((s) => (
                  <td key={s}>{formatHm(b[SKILL_FIELD[s]])}</td>
                ))}
                <td>{formatHm(b.totalMins)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableBox>
    );
  }

  const shown = buckets[selected];
  return (
    <Figure>
      <ChartBox aria-hidden="true" ref={chartBox}>
        <CodeBoundary onRetry={trendBars.retry}>
          {() => <trendBars.Component buckets={buckets} selected={selected} labelSize={labelSize} />}
        </CodeBoundary>
      </ChartBox>
      <BarButtons role="group" aria-label={t('insights.trend.bars', { bucket })} $columns={buckets.length}>
        {buckets.map((b, i) => (
          <BarButton
            key={b.start}
            type="button"
            aria-pressed={i === selected}
            aria-label={t('insights.trend.barName', { short: labels[i].short, text: barText(b, labels[i].full, i18n) })}
            onClick={() => setChosen(i)}
            onFocus={() => setChosen(i)}
            $labelShown={(buckets.length - 1 - i) % 2 === 0}
          >
            <span aria-hidden="true">{labels[i].short}</span>
          </BarButton>
        ))}
      </BarButtons>
      {shown && (
        <Details>
          <strong>{t('insights.trend.details', { name: labels[selected].full, total: formatHm(shown.totalMins) })}</strong>
          <SkillList>
            {SKILLS.map((s) => (
              <li key={s}>
                <Swatch $color={theme.skills[s]} aria-hidden="true" />
                {t('insights.trend.skillTime', { skill: SKILL_NAMES[s], duration: formatHm(shown[SKILL_FIELD[s]]) })}
              </li>
            ))}
          </SkillList>
        </Details>
      )}
    </Figure>
  );
}

/** Rendered size of the y-axis labels, in pixels on screen whatever the chart's width. */
const AXIS_LABEL_PX = 12;

/**
 * The drawing scales with its box (a viewBox of CHART.width units): its labels are sized in those
 * units so they read at AXIS_LABEL_PX on a phone and on a desktop alike (they were 7 px at 390 and
 * 22 px at 1280 before, issue #44). Undefined until measured: the drawing's own default then.
 */
function useAxisLabelSize(ref: RefObject<HTMLElement | null>): number | undefined {
  const [size, setSize] = useState<number | undefined>();
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const width = element.getBoundingClientRect().width;
      if (width > 0) setSize(Math.round(((AXIS_LABEL_PX * CHART.width) / width) * 10) / 10);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

const Figure = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const ChartBox = styled.div`
  width: 100%;
  aspect-ratio: ${CHART.width} / ${CHART.height};
  svg {
    display: block;
  }
`;

// Same side margins as the chart's plot area, so each label sits under its bar. The drawing runs
// left to right (oldest first) in every locale, right-to-left ones included, and so do its labels.
const BarButtons = styled.div<{ $columns: number }>`
  direction: ltr;
  display: grid;
  grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  margin: 0 ${(100 * CHART.right) / CHART.width}% 0 ${(100 * CHART.left) / CHART.width}%;
`;

/* A phone has room for every other label (the latest always), each free to spill into its unlabelled
   neighbours, so none collide or are clipped (issue #44); every button keeps its full name. */
const BarButton = styled.button<{ $labelShown: boolean }>`
  min-height: 44px;
  min-width: 0;
  padding: 0;
  border: 2px solid transparent;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  cursor: pointer;
  white-space: nowrap;
  overflow: visible;
  display: flex;
  justify-content: center;
  @media (max-width: 1023.98px) {
    font-size: ${({ theme }) => theme.font.size.xs};
  }
  ${media.narrow} {
    span {
      visibility: ${({ $labelShown }) => ($labelShown ? 'visible' : 'hidden')};
    }
  }
  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
  &:hover {
    background: ${({ theme }) => theme.colors.primaryLight};
  }
`;

const Details = styled.div`
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const SkillList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: ${({ theme }) => theme.space.xs} 0 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
  }
`;

const Swatch = styled.span<{ $color: string }>`
  width: 12px;
  height: 12px;
  border-radius: 3px;
  background: ${({ $color }) => $color};
`;

/* The row names stay in view while the skills scroll under them. */
const TableBox = styled.div`
  overflow-x: auto;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
  th:first-child {
    position: sticky;
    inset-inline-start: 0;
    background: ${({ theme }) => theme.colors.surface};
  }
`;

/* A phone names a row '2 Nov' on screen; screen readers hear the full name at every width. */
const FullLabel = styled.span`
  ${media.narrow} {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;

const CompactLabel = styled.span`
  ${media.wide} {
    display: none;
  }
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};
  th,
  td {
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: end;
    white-space: nowrap;
  }
  th:first-child {
    text-align: start;
  }
  thead th {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  /* A phone: smaller type, tighter cells, six equal columns whose text wraps ('125h' over '30m'),
     so every column, Total included, fits the screen without a sideways scroller (issue #44). */
  ${media.narrow} {
    table-layout: fixed;
    font-size: ${({ theme }) => theme.font.size.xs};
    th,
    td {
      padding: ${({ theme }) => `${theme.space.xs} 2px`};
      white-space: normal;
      overflow-wrap: anywhere;
    }
  }
`;
