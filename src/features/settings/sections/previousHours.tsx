import type { PreviousTime } from '@common/api-types';
import { useGetPreviousHoursByLanguageQuery, useGetPreviousHoursQuery, useSavePreviousHoursMutation } from '@/api/apiSlice';
import { PreviousHoursSelect } from '@/components/PreviousHoursSelect';
import { useT } from '@/i18n/I18nProvider';
import { defineSection } from './section';

/** Hours learned before using LinguaLog ("Existing Progress"). */
export const previousHoursSection = defineSection<'previousHours', number, PreviousTime>({
  id: 'previousHours',
  title: 'settings.section.previousHours',
  icon: ['M7 3h10', 'M7 21h10', 'M8 3c0 5 8 5 8 9s-8 4-8 9', 'M16 3c0 5-8 5-8 9s8 4 8 9'],
  scope: 'language',
  saveOrder: 2,
  transfer: { language: 'previousHours' },
  useSaved: useGetPreviousHoursQuery,
  useForLanguage: useGetPreviousHoursByLanguageQuery,
  toDraft: (stored): number => stored.previousHours,
  differs: (draft, stored) => draft !== stored.previousHours,
  useSend() {
    const [savePreviousHours] = useSavePreviousHoursMutation();
    return (previousHours: number) => savePreviousHours({ previousHours }).unwrap();
  },
  errorKey: 'UPDATE_PREVIOUS_HOURS_ERROR',
  Fields: function Fields({ id, value, onChange }) {
    const t = useT();
    return <PreviousHoursSelect id={id} label={t('settings.previousHours.label')} value={value} onChange={onChange} />;
  },
});
