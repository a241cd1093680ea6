import { skipToken } from '@reduxjs/toolkit/query/react';
import type { Milestones } from '@common/domain';
import {
  useGetDailyGoalByLanguageQuery,
  useGetDailyGoalQuery,
  useGetDayBoundaryQuery,
  useGetMilestonesByLanguageQuery,
  useGetMilestonesQuery,
  useGetPreviousHoursByLanguageQuery,
  useGetPreviousHoursQuery,
  useGetRestDaysQuery,
  useGetUserLanguageQuery,
} from '@/api/apiSlice';
import { useAppSelector } from '@/api/hooks';
import { milestoneDraftDiffers, milestonesToDraft } from './milestoneDraft';
import { restDaysDiffer } from './restDaysDraft';
import type { MilestoneDraft, SectionId } from './settingsSlice';
import { selectDraft } from './settingsSlice';

/** What the server holds for one language: what the drafts are compared with. */
export interface StoredValues {
  dailyGoalMinutes: number;
  previousHours: number;
  milestones: Milestones;
}

export interface SettingsValues {
  dailyGoalMinutes: number;
  previousHours: number;
  milestones: MilestoneDraft;
}

export type FormStatus = 'loading' | 'error' | 'ready';

/**
 * Saved values, drafts and what differs (spec 4 "Settings editing"). While the draft names another
 * language, the values compared with are THAT language's stored ones, read without saving.
 */
export function useSettingsForm() {
  const draft = useAppSelector(selectDraft);
  const userLanguage = useGetUserLanguageQuery();
  const goal = useGetDailyGoalQuery();
  const previous = useGetPreviousHoursQuery();
  const milestones = useGetMilestonesQuery();
  // Rest days are not among spec 2's sections: their read failing affects their section only.
  const restDaysRead = useGetRestDaysQuery();
  const dayBoundaryRead = useGetDayBoundaryQuery();
  const savedLanguage = userLanguage.data?.name ?? null;

  const otherLanguage = draft.language !== null && draft.language !== savedLanguage ? draft.language : null;
  const otherArg = otherLanguage ?? skipToken;
  const otherGoal = useGetDailyGoalByLanguageQuery(otherArg);
  const otherPrevious = useGetPreviousHoursByLanguageQuery(otherArg);
  const otherMilestones = useGetMilestonesByLanguageQuery(otherArg);

  const savedQueries = [userLanguage, goal, previous, milestones];
  const status: FormStatus = savedQueries.some((q) => q.isError)
    ? 'error'
    : savedQueries.some((q) => !q.data)
      ? 'loading'
      : 'ready';

  const sources = otherLanguage
    ? { goal: otherGoal, previous: otherPrevious, milestones: otherMilestones }
    : { goal, previous, milestones };
  const stored: StoredValues | null =
    sources.goal.data && sources.previous.data && sources.milestones.data
      ? {
          dailyGoalMinutes: sources.goal.data.dailyGoalMinutes,
          previousHours: sources.previous.data.previousHours,
          milestones: sources.milestones.data,
        }
      : null;
  const otherQueries = [otherGoal, otherPrevious, otherMilestones];
  const unsavedLanguageFailed = otherLanguage !== null && otherQueries.some((q) => q.isError);

  const values: SettingsValues | null =
    stored
      ? {
          dailyGoalMinutes: draft.dailyGoalMinutes ?? stored.dailyGoalMinutes,
          previousHours: draft.previousHours ?? stored.previousHours,
          milestones: draft.milestones ?? milestonesToDraft(stored.milestones),
        }
      : null;

  const changed: Record<SectionId, boolean> = {
    language: otherLanguage !== null,
    goal: draft.dailyGoalMinutes !== null && !!stored && draft.dailyGoalMinutes !== stored.dailyGoalMinutes,
    previousHours: draft.previousHours !== null && !!stored && draft.previousHours !== stored.previousHours,
    milestones: draft.milestones !== null && !!stored && milestoneDraftDiffers(draft.milestones, stored.milestones),
    restDays: draft.restDays !== null && !!restDaysRead.data && restDaysDiffer(draft.restDays, restDaysRead.data),
    dayBoundary: draft.dayEndsAtHour !== null && !!dayBoundaryRead.data && draft.dayEndsAtHour !== dayBoundaryRead.data.dayEndsAtHour,
  };

  return {
    status,
    savedLanguage,
    language: draft.language ?? savedLanguage,
    /** Null while another language's values load, or when they could not be read. */
    values,
    stored,
    changed,
    anyChanged: Object.values(changed).some(Boolean),
    unsavedLanguageFailed,
    /** The saved values' reads, for the failure notice and its 'Try again'. */
    savedReads: savedQueries,
    /** The rest days shown (the draft, else the saved ones; null until read) and their read. */
    restDays: draft.restDays ?? restDaysRead.data ?? null,
    restDaysRead,
    /** When the learner's day ends (the draft, else the saved hour; null until read) and its read. */
    dayEndsAtHour: draft.dayEndsAtHour ?? dayBoundaryRead.data?.dayEndsAtHour ?? null,
    dayBoundaryRead,
    /** The drafted language's reads (empty while the saved language is shown). */
    otherReads: otherLanguage ? otherQueries : [],
  };
}

export type SettingsForm = ReturnType<typeof useSettingsForm>;
