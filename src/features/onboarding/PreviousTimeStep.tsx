import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_PREVIOUS_HOURS } from '@common/domain';
import { useGetPreviousHoursQuery, useSavePreviousHoursMutation } from '@/api/apiSlice';
import { paths } from '@/api/paths';
import { PreviousHoursSelect } from '@/components/PreviousHoursSelect';
import { Loading } from '@/components/StatusMessage';
import { isNetworkError, messageFor } from '@/lib/errorMessages';
import { useT } from '@/i18n/I18nProvider';
import { OnboardingLayout } from './OnboardingLayout';

export function PreviousTimeStep() {
  const t = useT();
  const saved = useGetPreviousHoursQuery();
  const [draft, setDraft] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [savePreviousHours, { isLoading: saving }] = useSavePreviousHoursMutation();
  const navigate = useNavigate();
  const hours = draft ?? saved.data?.previousHours ?? DEFAULT_PREVIOUS_HOURS;

  const finish = async () => {
    try {
      await savePreviousHours({ previousHours: hours }).unwrap();
    } catch (failure) {
      setError(messageFor(failure, 'UPDATE_PREVIOUS_HOURS_ERROR'));
      return;
    }
    navigate(paths.dashboard);
  };

  const shownError = error ?? (saved.isError && !isNetworkError(saved.error) ? messageFor(saved.error, 'GET_PREVIOUS_HOURS_ERROR') : null);

  return (
    <OnboardingLayout
      step={3}
      title={t('onboarding.previous.title')}
      onBack={() => navigate(paths.registerGoal)}
      onNext={finish}
      last
      error={shownError}
      busy={saving || saved.isLoading}
    >
      <p>{t('onboarding.previous.text')}</p>
      {saved.isLoading ? (
        <Loading />
      ) : (
        <PreviousHoursSelect id="previous-hours" label={t('onboarding.previous.label')} value={hours} onChange={setDraft} />
      )}
    </OnboardingLayout>
  );
}
