import { useState } from 'react';
import type { Milestones } from '@common/domain';
import {
  apiSlice,
  useSaveDailyGoalMutation,
  useSaveDayBoundaryMutation,
  useSaveMilestonesMutation,
  useSavePreviousHoursMutation,
  useSaveRestDaysMutation,
  useSetUserLanguageMutation,
} from '@/api/apiSlice';
import { useAppDispatch } from '@/api/hooks';
import { useLearnerToday } from '@/api/useLearnerToday';
import type { ErrorKey } from '@/lib/errorMessages';
import { ERRORS, saveFailureMessage } from '@/lib/errorMessages';
import { parseMilestoneDraft } from './milestoneDraft';
import type { SectionId } from './settingsSlice';
import { sectionsSaved } from './settingsSlice';
import type { SettingsForm } from './useSettingsForm';

interface Step {
  section: SectionId;
  errorKey: ErrorKey;
  send: () => Promise<unknown>;
}

/**
 * The save sequence of spec 4: language (only when it differs), then daily goal, then previous
 * hours, then milestones; the first failure shows its message and sends none of the rest.
 * Goal, previous hours and milestones are likewise sent only when they differ from what is stored
 * for the language being saved: re-sending an unchanged goal would start a needless goal period.
 * `sections` limits the save to some sections (a narrow-screen modal saves its own section, plus
 * the language first when another one is drafted, since the values shown belong to it).
 */
export function useSaveSettings(form: SettingsForm) {
  const dispatch = useAppDispatch();
  const [setLanguage] = useSetUserLanguageMutation();
  const [saveGoal] = useSaveDailyGoalMutation();
  const [savePreviousHours] = useSavePreviousHoursMutation();
  const [saveMilestones] = useSaveMilestonesMutation();
  const [saveRestDays] = useSaveRestDaysMutation();
  const [saveDayBoundary] = useSaveDayBoundaryMutation();
  const today = useLearnerToday();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  function stepsFor(sections: SectionId[], milestones: Milestones | null): Step[] {
    const { language, values, changed } = form;
    const wanted = (section: SectionId) => sections.includes(section) && changed[section];
    const steps: Step[] = [];
    if (wanted('language') && language) {
      steps.push({
        section: 'language',
        errorKey: 'UPDATE_LANGUAGE_ERROR',
        send: () => setLanguage({ name: language }).unwrap(),
      });
    }
    if (wanted('goal') && values) {
      const { dailyGoalMinutes } = values;
      steps.push({
        section: 'goal',
        errorKey: 'UPDATE_DAILY_GOAL_ERROR',
        send: () => saveGoal({ dailyGoalMinutes, date: today }).unwrap(),
      });
    }
    if (wanted('previousHours') && values) {
      const { previousHours } = values;
      steps.push({
        section: 'previousHours',
        errorKey: 'UPDATE_PREVIOUS_HOURS_ERROR',
        send: () => savePreviousHours({ previousHours }).unwrap(),
      });
    }
    if (wanted('milestones') && milestones) {
      steps.push({
        section: 'milestones',
        errorKey: 'UPDATE_MILESTONES_ERROR',
        send: () => saveMilestones(milestones).unwrap(),
      });
    }
    // Not a section of spec 2, so it comes after the spec's order.
    const restDays = form.restDays;
    if (wanted('restDays') && restDays) {
      steps.push({
        section: 'restDays',
        errorKey: 'UPDATE_REST_DAYS_ERROR',
        send: () => saveRestDays(restDays).unwrap(),
      });
    }
    const dayEndsAtHour = form.dayEndsAtHour;
    if (wanted('dayBoundary') && dayEndsAtHour !== null) {
      steps.push({
        section: 'dayBoundary',
        errorKey: 'UPDATE_DAY_BOUNDARY_ERROR',
        send: () => saveDayBoundary({ dayEndsAtHour }).unwrap(),
      });
    }
    return steps;
  }

  /** Resolves true when every step succeeded. */
  async function save(sections: SectionId[]): Promise<boolean> {
    setError(null);
    setSaved(false);
    const milestoneTexts = sections.includes('milestones') && form.changed.milestones ? form.values?.milestones : undefined;
    const milestones = milestoneTexts ? parseMilestoneDraft(milestoneTexts) : null;
    // The learner learns what to fix, and nothing of the save sequence is sent half-way.
    if (milestoneTexts && !milestones) {
      setError(ERRORS.INVALID_MILESTONES);
      return false;
    }
    setSaving(true);
    const done: SectionId[] = [];
    try {
      for (const step of stepsFor(sections, milestones)) {
        try {
          await step.send();
        } catch (failure) {
          setError(saveFailureMessage(failure, step.errorKey));
          return false;
        }
        done.push(step.section);
      }
      setSaved(true);
      return true;
    } finally {
      // The saved sections' reads come back by their tags (apiSlice.ts); their drafts stay shown
      // until then, so the form never shows the old values in between.
      if (done.length > 0) await Promise.all(dispatch(apiSlice.util.getRunningQueriesThunk()));
      dispatch(sectionsSaved(done));
      setSaving(false);
    }
  }

  const clearError = () => {
    setError(null);
    setSaved(false);
  };
  /** `saved`: the last save succeeded and nothing was touched since, for the confirmation. */
  return { save, saving, error, saved, clearError };
}

export type SaveSettings = ReturnType<typeof useSaveSettings>;
