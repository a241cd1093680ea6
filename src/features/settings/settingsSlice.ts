import type { PayloadAction } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';
import type { Milestones } from '@common/domain';

/** Settings drafts (spec 4 "Settings editing"): what the learner typed, compared with saved values. */
export interface SettingsDraft {
  language: string | null;
  dailyGoalMinutes: number | null;
  previousHours: number | null;
  milestones: Milestones | null;
}

const emptyDraft: SettingsDraft = { language: null, dailyGoalMinutes: null, previousHours: null, milestones: null };

export const settingsSlice = createSlice({
  name: 'settings',
  initialState: { draft: emptyDraft },
  reducers: {
    draftChanged(state, action: PayloadAction<Partial<SettingsDraft>>) {
      state.draft = { ...state.draft, ...action.payload };
    },
    draftDiscarded(state) {
      state.draft = emptyDraft;
    },
  },
  selectors: {
    selectDraft: (state) => state.draft,
  },
});

export const { draftChanged, draftDiscarded } = settingsSlice.actions;
export const { selectDraft } = settingsSlice.selectors;
