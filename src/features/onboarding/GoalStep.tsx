import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_DAILY_GOAL_MINUTES } from '@common/domain';
import { useGetDailyGoalQuery, useGetDayBoundaryQuery, useSaveDailyGoalMutation } from '@/api/apiSlice';
import { paths } from '@/api/paths';
import { useLearnerToday } from '@/api/useLearnerToday';
import { GoalSelector } from '@/components/GoalSelector';
import { Loading } from '@/components/StatusMessage';
import { isNetworkError, messageFor } from '@/lib/errorMessages';
import { useT } from '@/i18n/I18nProvider';
import { OnboardingLayout } from './OnboardingLayout';

export function GoalStep() {
  const t = useT();
  const saved = useGetDailyGoalQuery();
  const [draft, setDraft] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saveGoal, { isLoading: saving }] = useSaveDailyGoalMutation();
  const navigate = useNavigate();
  // The learner's today with their day boundary: between midnight and "My day ends at" it is still yesterday.
  const today = useLearnerToday();
  const boundary = useGetDayBoundaryQuery();
  const goal = draft ?? saved.data?.dailyGoalMinutes ?? DEFAULT_DAILY_GOAL_MINUTES;

  const next = async () => {
    try {
      await saveGoal({ dailyGoalMinutes: goal, date: today }).unwrap();
    } catch (failure) {
      setError(messageFor(failure, 'UPDATE_DAILY_GOAL_ERROR'));
      return;
    }
    navigate(paths.registerPreviousTime);
  };

  // A failed read still lets the learner pick a goal, starting from the default.
  const shownError = error ?? (saved.isError && !isNetworkError(saved.error) ? messageFor(saved.error, 'GET_DAILY_GOAL_ERROR') : null);

  return (
    <OnboardingLayout
      step={2}
      title={t('onboarding.goal.title')}
      onBack={() => navigate(paths.registerLanguage)}
      onNext={next}
      error={shownError}
      busy={saving || saved.isLoading || boundary.isLoading}
    >
      <p>{t('onboarding.goal.question')}</p>
      {saved.isLoading ? <Loading /> : <GoalSelector idPrefix="daily-goal" value={goal} onChange={setDraft} />}
    </OnboardingLayout>
  );
}
