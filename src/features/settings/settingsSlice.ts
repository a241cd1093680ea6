import type { PayloadAction } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';
import type { MilestoneKey } from '@common/domain';
import type { RestDays } from '@common/schemas/restDays';

/** Milestones are typed freely, so their drafts are the raw texts; they are parsed on save (spec 5). */
export type MilestoneDraft = Record<MilestoneKey, string>;

export type SectionId = 'language' | 'goal' | 'dayBoundary' | 'milestones' | 'previousHours' | 'restDays';

/**
 * Settings drafts (spec 4 "Settings editing"): what the learner chose, compared with saved values.
 * `null` means "as saved", so the unchanged state holds until the saved values have arrived.
 */
export interface SettingsDraft {
  language: string | null;
  dailyGoalMinutes: number | null;
  previousHours: number | null;
  milestones: MilestoneDraft | null;
  /** The learner's rest days: the same for every language, so a drafted language keeps them. */
  restDays: RestDays | null;
  /** "My day ends at" (issue 28): the learner's too, for every language. */
  dayEndsAtHour: number | null;
}

const emptyDraft: SettingsDraft = { language: null, dailyGoalMinutes: null, previousHours: null, milestones: null, restDays: null, dayEndsAtHour: null };
/** The drafts that belong to the learner rather than to a language, kept when another language is drafted. */
const learnerDrafts = ({ restDays, dayEndsAtHour }: SettingsDraft) => ({ restDays, dayEndsAtHour });

const fieldOf = {
  language: 'language',
  goal: 'dailyGoalMinutes',
  dayBoundary: 'dayEndsAtHour',
  milestones: 'milestones',
  previousHours: 'previousHours',
  restDays: 'restDays',
} as const satisfies Record<SectionId, keyof SettingsDraft>;

export const settingsSlice = createSlice({
  name: 'settings',
  initialState: { draft: emptyDraft },
  reducers: {
    draftChanged(state, action: PayloadAction<Partial<Omit<SettingsDraft, 'language'>>>) {
      state.draft = { ...state.draft, ...action.payload };
    },
    /**
     * Another language's goal, previous hours and milestones replace the drafts (they are read
     * for that language), so edits made for the previous choice are dropped. `null`: the saved one.
     */
    languageDrafted(state, action: PayloadAction<string | null>) {
      return { draft: { ...emptyDraft, language: action.payload, ...learnerDrafts(state.draft) } };
    },
    /** Discarding the language also drops the values loaded for it (rest days and the day's end belong to no language). */
    sectionDiscarded(state, action: PayloadAction<SectionId>) {
      if (action.payload === 'language') state.draft = { ...emptyDraft, ...learnerDrafts(state.draft) };
      else state.draft[fieldOf[action.payload]] = null;
    },
    /** The saved caches now hold these sections' values, so their drafts go back to "as saved". */
    sectionsSaved(state, action: PayloadAction<SectionId[]>) {
      for (const section of action.payload) state.draft[fieldOf[section]] = null;
    },
    draftDiscarded(state) {
      state.draft = emptyDraft;
    },
  },
  selectors: {
    selectDraft: (state) => state.draft,
  },
});

export const { draftChanged, languageDrafted, sectionDiscarded, sectionsSaved, draftDiscarded } = settingsSlice.actions;
export const { selectDraft } = settingsSlice.selectors;
