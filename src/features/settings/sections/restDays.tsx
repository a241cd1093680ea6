import type { RestDays } from '@common/schemas/restDays';
import { useGetRestDaysQuery, useSaveRestDaysMutation } from '@/api/apiSlice';
import { RestDaysField } from '../RestDaysField';
import { restDaysDiffer } from '../restDaysDraft';
import { defineSection } from './section';

/** The learner's rest days: the same for every language, so a drafted language keeps them. */
export const restDaysSection = defineSection<'restDays', RestDays, RestDays>({
  id: 'restDays',
  title: 'settings.section.restDays',
  icon: ['M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5'],
  scope: 'learner',
  saveOrder: 4,
  transfer: { file: 'restDays' },
  useSaved: useGetRestDaysQuery,
  toDraft: (stored: RestDays): RestDays => stored,
  differs: (draft, stored) => restDaysDiffer(draft, stored),
  useSend() {
    const [saveRestDays] = useSaveRestDaysMutation();
    return (restDays: RestDays) => saveRestDays(restDays).unwrap();
  },
  errorKey: 'UPDATE_REST_DAYS_ERROR',
  Fields: ({ id, value, onChange }) => <RestDaysField idPrefix={id} value={value} onChange={onChange} />,
});
