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
} from '@/app/apiSlice';
import { useAppDispatch } from '@/app/hooks';
import { useLearnerToday } from '@/app/useLearnerToday';
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
  /** Puts the saved value into the cache at once, so the form never flashes old values while refetching. */
  remember: () => void;
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

  const remember = {
    goal: (dailyGoalMinutes: number) =>
      dispatch(apiSlice.util.updateQueryData('getDailyGoal', undefined, () => ({ dailyGoalMinutes }))),
    previousHours: (previousHours: number) =>
      dispatch(apiSlice.util.updateQueryData('getPreviousHours', undefined, () => ({ previousHours }))),
    milestones: (milestones: Milestones) =>
      dispatch(apiSlice.util.updateQueryData('getMilestones', undefined, () => milestones)),
  };

  function stepsFor(sections: SectionId[], milestones: Milestones | null): Step[] {
    const { language, values, stored, changed } = form;
    const wanted = (section: SectionId) => sections.includes(section) && changed[section];
    const steps: Step[] = [];
    if (wanted('language') && language) {
      steps.push({
        section: 'language',
        errorKey: 'UPDATE_LANGUAGE_ERROR',
        send: () => setLanguage({ name: language }).unwrap(),
        remember: () => {
          dispatch(apiSlice.util.updateQueryData('getUserLanguage', undefined, () => ({ name: language })));
          if (!stored) return;
          remember.goal(stored.dailyGoalMinutes);
          remember.previousHours(stored.previousHours);
          remember.milestones(stored.milestones);
        },
      });
    }
    if (wanted('goal') && values) {
      const { dailyGoalMinutes } = values;
      steps.push({
        section: 'goal',
        errorKey: 'UPDATE_DAILY_GOAL_ERROR',
        send: () => saveGoal({ dailyGoalMinutes, date: today }).unwrap(),
        remember: () => remember.goal(dailyGoalMinutes),
      });
    }
    if (wanted('previousHours') && values) {
      const { previousHours } = values;
      steps.push({
        section: 'previousHours',
        errorKey: 'UPDATE_PREVIOUS_HOURS_ERROR',
        send: () => savePreviousHours({ previousHours }).unwrap(),
        remember: () => remember.previousHours(previousHours),
      });
    }
    if (wanted('milestones') && milestones) {
      steps.push({
        section: 'milestones',
        errorKey: 'UPDATE_MILESTONES_ERROR',
        send: () => saveMilestones(milestones).unwrap(),
        remember: () => remember.milestones(milestones),
      });
    }
    // Not a section of spec 2, so it comes after the spec's order.
    const restDays = form.restDays;
    if (wanted('restDays') && restDays) {
      steps.push({
        section: 'restDays',
        errorKey: 'UPDATE_REST_DAYS_ERROR',
        send: () => saveRestDays(restDays).unwrap(),
        remember: () => dispatch(apiSlice.util.updateQueryData('getRestDays', undefined, () => restDays)),
      });
    }
    const dayEndsAtHour = form.dayEndsAtHour;
    if (wanted('dayBoundary') && dayEndsAtHour !== null) {
      steps.push({
        section: 'dayBoundary',
        errorKey: 'UPDATE_DAY_BOUNDARY_ERROR',
        send: () => saveDayBoundary({ dayEndsAtHour }).unwrap(),
        remember: () => dispatch(apiSlice.util.updateQueryData('getDayBoundary', undefined, () => ({ dayEndsAtHour }))),
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
        step.remember();
        done.push(step.section);
      }
      setSaved(true);
      return true;
    } finally {
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
