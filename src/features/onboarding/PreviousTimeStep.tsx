import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_PREVIOUS_HOURS } from '@common/domain';
import { useGetPreviousHoursQuery, useSavePreviousHoursMutation } from '@/api/apiSlice';
import { paths } from '@/api/paths';
import { PreviousHoursSelect } from '@/components/PreviousHoursSelect';
import { Loading } from '@/components/StatusMessage';
import { isNetworkError, messageFor } from '@/lib/errorMessages';
import { OnboardingLayout } from './OnboardingLayout';

export function PreviousTimeStep() {
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
      title="Learned before?"
      onBack={() => navigate(paths.registerGoal)}
      onNext={finish}
      nextLabel="Finish"
      error={shownError}
      busy={saving || saved.isLoading}
    >
      <p>Hours you studied this language before, so your level starts where you really are.</p>
      {saved.isLoading ? (
        <Loading />
      ) : (
        <PreviousHoursSelect id="previous-hours" label="Previous hours" value={hours} onChange={setDraft} />
      )}
    </OnboardingLayout>
  );
}
