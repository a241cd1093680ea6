import { useAppDispatch } from '@/api/hooks';
import { GoalSelector } from '@/components/GoalSelector';
import { PreviousHoursSelect } from '@/components/PreviousHoursSelect';
import { FailureNotice } from '@/components/FailureNotice';
import { Loading } from '@/components/StatusMessage';
import { DayBoundaryField } from './DayBoundaryField';
import { LanguageField } from './LanguageField';
import { MilestonesField } from './MilestonesField';
import { RestDaysField } from './RestDaysField';
import type { SectionId } from './settingsSlice';
import { draftChanged, languageDrafted } from './settingsSlice';
import type { SettingsForm } from './useSettingsForm';

/** The four sections of spec 2, in the order they are saved, with the day's end beside the goal; then the rest days. */
export const SECTIONS: { id: SectionId; title: string }[] = [
  { id: 'language', title: 'Language' },
  { id: 'goal', title: 'Daily Goal' },
  { id: 'dayBoundary', title: 'My day' },
  { id: 'milestones', title: 'Level Milestones' },
  { id: 'previousHours', title: 'Existing Progress' },
  { id: 'restDays', title: 'Rest days' },
];

/** One section's fields, bound to the drafts. Used in a wide-screen card or a narrow-screen modal. */
export function SectionFields({ section, form }: { section: SectionId; form: SettingsForm }) {
  const dispatch = useAppDispatch();
  const id = `settings-${section}`;

  if (section === 'language') {
    return (
      <LanguageField
        id={id}
        value={form.language}
        unsavedLanguageReads={form.otherReads}
        onChange={(language) => dispatch(languageDrafted(language === form.savedLanguage ? null : language))}
      />
    );
  }

  if (section === 'restDays') {
    if (form.restDaysRead.isError) return <FailureNotice reads={[form.restDaysRead]} />;
    if (!form.restDays) return <Loading />;
    return <RestDaysField idPrefix={id} value={form.restDays} onChange={(restDays) => dispatch(draftChanged({ restDays }))} />;
  }

  if (section === 'dayBoundary') {
    if (form.dayBoundaryRead.isError) return <FailureNotice reads={[form.dayBoundaryRead]} />;
    if (form.dayEndsAtHour === null) return <Loading />;
    return <DayBoundaryField id={id} value={form.dayEndsAtHour} onChange={(dayEndsAtHour) => dispatch(draftChanged({ dayEndsAtHour }))} />;
  }

  const { values } = form;
  if (!values) {
    // Announced once, by whichever section shows it first.
    return form.unsavedLanguageFailed ? <FailureNotice reads={form.otherReads} /> : <Loading />;
  }
  switch (section) {
    case 'goal':
      return (
        <GoalSelector
          idPrefix={id}
          value={values.dailyGoalMinutes}
          onChange={(dailyGoalMinutes) => dispatch(draftChanged({ dailyGoalMinutes }))}
        />
      );
    case 'milestones':
      return (
        <MilestonesField
          idPrefix={id}
          value={values.milestones}
          onChange={(milestones) => dispatch(draftChanged({ milestones }))}
        />
      );
    case 'previousHours':
      return (
        <PreviousHoursSelect
          id={id}
          label="Hours learned before"
          value={values.previousHours}
          onChange={(previousHours) => dispatch(draftChanged({ previousHours }))}
        />
      );
  }
}
