import { useId, useState } from 'react';
import styled from 'styled-components';
import { useGetUserLanguageQuery } from '@/api/apiSlice';
import { useOnline } from '@/sync';
import { paths } from '@/api/paths';
import { useLevelForecast } from '@/api/useLevelForecast';
import { BackHeader } from '@/components/BackHeader';
import { Card, PanelTitle } from '@/components/Card';
import { FailureNotice } from '@/components/FailureNotice';
import { ForecastText } from '@/components/ForecastText';
import { Loading } from '@/components/StatusMessage';
import { media } from '@/styles/media';
import { Comparison } from './Comparison';
import { DailyHabits } from './DailyHabits';
import { dailyFigures, SHORT_WINDOW, skillMinutes } from './insightsMaths';
import { RangeSwitch, type Range, type View } from './RangeSwitch';
import { SkillBalance } from './SkillBalance';
import { TrendChart } from './TrendChart';
import { InsightsUnreachable } from './InsightsUnreachable';
import { useInsightsData } from './useInsightsData';
import { useT } from '@/i18n/I18nProvider';
import { languageName } from '@/lib/languageNames';

/** /insights (issue #13): trends, comparisons, habits, skill balance and the level forecast of the current language. */
export function InsightsPage() {
  const t = useT();
  const language = useGetUserLanguageQuery();
  const data = useInsightsData();
  const forecast = useLevelForecast();
  const online = useOnline();
  const [range, setRange] = useState<Range>('week');
  const [view, setView] = useState<View>('chart');
  const ids = { trend: useId(), compare: useId(), habits: useId(), balance: useId(), forecast: useId() };

  const body = () => {
    // No answer for want of a network (offline, or the server out of reach): say so, with a way on.
    if (data.unreachable || (!online && data.loading)) return <InsightsUnreachable reads={data.reads} />;
    if (data.failed) return <FailureNotice reads={data.reads} />;
    if (data.loading || !data.weeks || !data.months || !data.days || !data.progress) return <Loading />;
    const { weeks, months, days, progress } = data;
    const trend = range === 'week' ? weeks : months;
    const [lastWeek, thisWeek] = weeks.buckets.slice(-2);
    const [lastMonth, thisMonth] = months.buckets.slice(-2);
    return (
      <>
        <Card aria-labelledby={ids.forecast}>
          <PanelTitle id={ids.forecast}>{t('insights.page.forecast')}</PanelTitle>
          <ForecastText state={forecast} />
        </Card>
        <Card aria-labelledby={ids.trend}>
          <PanelTitle id={ids.trend}>{t('insights.page.trend', { bucket: range })}</PanelTitle>
          <RangeSwitch range={range} view={view} onRange={setRange} onView={setView} />
          <TrendChart buckets={trend.buckets} bucket={range} view={view} />
        </Card>
        <Card aria-labelledby={ids.compare}>
          <PanelTitle id={ids.compare}>{t('insights.page.compared')}</PanelTitle>
          <Pair>
            <Comparison period="week" today={data.today} now={thisWeek} before={lastWeek} />
            <Comparison period="month" today={data.today} now={thisMonth} before={lastMonth} />
          </Pair>
        </Card>
        <Card aria-labelledby={ids.habits}>
          <PanelTitle id={ids.habits}>{t('insights.page.habits')}</PanelTitle>
          <DailyHabits figures={dailyFigures(days.buckets, data.summary?.firstActivityDate)} summary={data.summary} summaryFailed={data.summaryFailed} />
        </Card>
        <Card aria-labelledby={ids.balance}>
          <PanelTitle id={ids.balance}>{t('insights.page.balance')}</PanelTitle>
          <SkillBalance
            recent={skillMinutes(days.buckets.slice(-SHORT_WINDOW))}
            allTime={{
              listening: progress.listeningOverallMins,
              reading: progress.readingOverallMins,
              speaking: progress.speakingOverallMins,
              writing: progress.writingOverallMins,
            }}
          />
        </Card>
      </>
    );
  };

  return (
    <Page>
      <BackHeader to={paths.dashboard}>{language.data?.name ? t('insights.page.titleWithLanguage', { language: languageName(language.data.name) }) : t('insights.page.title')}</BackHeader>
      <Main>{body()}</Main>
    </Page>
  );
}

/* minmax(0, 1fr): a wide table or chart never widens the page past a phone's screen. */
const Page = styled.div`
  max-width: 1100px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.md} 12px`};
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.md};
  ${media.wide} {
    padding: ${({ theme }) => `${theme.space.xl} ${theme.space.lg}`};
  }
  h1 {
    font-size: ${({ theme }) => theme.font.size.xl};
  }
`;

const Main = styled.main`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  ${media.narrow} {
    & > section {
      padding: ${({ theme }) => `${theme.space.md} 12px`};
    }
  }
  caption {
    text-align: start;
    font-weight: ${({ theme }) => theme.font.weight.bold};
    padding-bottom: ${({ theme }) => theme.space.xs};
  }
`;

const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 320px), 1fr));
  gap: ${({ theme }) => theme.space.lg};
  overflow-x: auto;
`;
