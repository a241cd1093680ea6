import type { DayBoundary } from '@common/schemas/dayBoundary';
import { useGetDayBoundaryQuery, useSaveDayBoundaryMutation } from '@/api/apiSlice';
import { DayBoundaryField } from '../DayBoundaryField';
import { defineSection } from './section';

/** "My day ends at" (issue 28): the learner's, for every language. */
export const dayBoundarySection = defineSection<'dayBoundary', number, DayBoundary>({
  id: 'dayBoundary',
  title: 'settings.section.dayBoundary',
  icon: ['M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18', 'M12 7v5l3 2'],
  scope: 'learner',
  saveOrder: 5,
  transfer: { file: 'dayEndsAtHour' },
  useSaved: useGetDayBoundaryQuery,
  toDraft: (stored): number => stored.dayEndsAtHour,
  differs: (draft, stored) => draft !== stored.dayEndsAtHour,
  useSend() {
    const [saveDayBoundary] = useSaveDayBoundaryMutation();
    return (dayEndsAtHour: number) => saveDayBoundary({ dayEndsAtHour }).unwrap();
  },
  errorKey: 'UPDATE_DAY_BOUNDARY_ERROR',
  Fields: ({ id, value, onChange }) => <DayBoundaryField id={id} value={value} onChange={onChange} />,
});
