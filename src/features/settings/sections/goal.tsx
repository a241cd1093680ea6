import type { DailyGoal } from '@common/api-types';
import { useGetDailyGoalByLanguageQuery, useGetDailyGoalQuery, useSaveDailyGoalMutation } from '@/api/apiSlice';
import { useLearnerToday } from '@/api/useLearnerToday';
import { GoalSelector } from '@/components/GoalSelector';
import { defineSection } from './section';

/** The daily goal in minutes; a new goal applies from the learner's today. */
export const goalSection = defineSection<'goal', number, DailyGoal>({
  id: 'goal',
  title: 'settings.section.goal',
  icon: ['M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18', 'M12 7a5 5 0 1 0 0 10a5 5 0 1 0 0-10', 'M12 11a1 1 0 1 0 0 2a1 1 0 1 0 0-2'],
  scope: 'language',
  saveOrder: 1,
  transfer: { language: 'dailyGoalMinutes' },
  useSaved: useGetDailyGoalQuery,
  useForLanguage: useGetDailyGoalByLanguageQuery,
  toDraft: (stored): number => stored.dailyGoalMinutes,
  differs: (draft, stored) => draft !== stored.dailyGoalMinutes,
  useSend() {
    const [saveGoal] = useSaveDailyGoalMutation();
    const today = useLearnerToday();
    return (dailyGoalMinutes: number) => saveGoal({ dailyGoalMinutes, date: today }).unwrap();
  },
  errorKey: 'UPDATE_DAILY_GOAL_ERROR',
  Fields: ({ id, value, onChange }) => <GoalSelector idPrefix={id} value={value} onChange={onChange} />,
});
