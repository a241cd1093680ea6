import { useLevelForecast } from '@/api/useLevelForecast';
import { ForecastText } from '@/components/ForecastText';

/** The level modal's forecast line; loaded with the modal's first opening, not with the dashboard. */
export function LevelForecast({ level }: { level: number }) {
  return <ForecastText state={useLevelForecast(level)} />;
}
