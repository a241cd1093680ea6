import { useEffect, useRef, useState } from 'react';
import { reachesGoal } from '@common/achieved';
import { useDailyMinutesQuery, useGetDailyGoalQuery, useGetProgressQuery, useGetUserLanguageQuery } from '@/api/apiSlice';
import { useLearnerToday } from '@/api/useLearnerToday';
import { t } from '@/i18n/i18n';

interface Snapshot {
  language: string;
  date: string;
  goalMet: boolean;
  level: number;
}

/**
 * The message to celebrate, if any: today's goal newly completed, or a new level reached, while the
 * dashboard is open. The first settled figures are only a baseline, so an achievement that was
 * already there on load (or in the language just switched to) is never celebrated.
 */
export function useCelebration(): { message: string | null; dismiss: () => void } {
  const date = useLearnerToday();
  const language = useGetUserLanguageQuery();
  const goal = useGetDailyGoalQuery();
  const minutes = useDailyMinutesQuery(date);
  const progress = useGetProgressQuery();
  const [message, setMessage] = useState<string | null>(null);
  const previous = useRef<Snapshot | null>(null);

  const queries = [language, goal, minutes, progress];
  const settled = queries.every((q) => q.data !== undefined && !q.isFetching);
  const snapshot: Snapshot | null =
    settled && language.data?.name && goal.data && minutes.data && progress.data
      ? {
          language: language.data.name,
          date,
          goalMet: reachesGoal(minutes.data.totalDailyMins, goal.data.dailyGoalMinutes),
          level: progress.data.currentLevel,
        }
      : null;
  const key = snapshot && JSON.stringify(snapshot);

  useEffect(() => {
    if (!key) return;
    const now = JSON.parse(key) as Snapshot;
    const before = previous.current;
    previous.current = now;
    if (!before || before.language !== now.language || before.date !== now.date) return;
    if (now.level > before.level) setMessage(t('dashboard.celebration.level', { level: now.level }));
    else if (now.goalMet && !before.goalMet) setMessage(t('dashboard.celebration.goal'));
  }, [key]);

  return { message, dismiss: () => setMessage(null) };
}
