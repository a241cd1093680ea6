import type { PayloadAction } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';
// Types only: the store stays free of the sections' components (the settings page is loaded on demand).
import type { DraftValues, SectionId } from './registry';
import type { SectionScope } from './sections/section';

export type { SectionId } from './registry';

type ValueSectionId = Exclude<SectionId, 'language'>;
export type SectionDrafts = Partial<{ [Id in ValueSectionId]: DraftValues[Id] }>;

/**
 * Settings drafts (spec 4 "Settings editing"): what the learner chose, compared with saved values,
 * by section id. Absent means "as saved", so the unchanged state holds until the saved values have arrived.
 */
export interface SettingsDraft {
  /** The drafted language; `null`: the saved one. */
  language: string | null;
  /** Drafts of the settings held per language (see SectionScope): dropped when another language is drafted. */
  forLanguage: SectionDrafts;
  /** Drafts of the learner's own settings, the same for every language: kept when another language is drafted. */
  learner: SectionDrafts;
}

const emptyDraft: SettingsDraft = { language: null, forLanguage: {}, learner: {} };

function forget(draft: SettingsDraft, section: SectionId) {
  if (section === 'language') {
    draft.language = null;
    return;
  }
  delete draft.forLanguage[section];
  delete draft.learner[section];
}

export const settingsSlice = createSlice({
  name: 'settings',
  initialState: { draft: emptyDraft },
  reducers: {
    /** A section's field changed (the language is drafted by languageDrafted). */
    sectionDrafted: {
      reducer(state, action: PayloadAction<{ section: ValueSectionId; scope: Exclude<SectionScope, 'choice'>; value: unknown }>) {
        const { section, scope, value } = action.payload;
        const drafts: Record<string, unknown> = scope === 'learner' ? state.draft.learner : state.draft.forLanguage;
        drafts[section] = value;
      },
      prepare: (section: ValueSectionId, scope: Exclude<SectionScope, 'choice'>, value: unknown) => ({
        payload: { section, scope, value },
      }),
    },
    /**
     * Another language's goal, previous hours and milestones replace the drafts (they are read
     * for that language), so edits made for the previous choice are dropped. `null`: the saved one.
     */
    languageDrafted(state, action: PayloadAction<string | null>) {
      return { draft: { ...emptyDraft, language: action.payload, learner: state.draft.learner } };
    },
    /** Discarding the language also drops the values loaded for it (the learner's own settings belong to no language). */
    sectionDiscarded(state, action: PayloadAction<SectionId>) {
      if (action.payload === 'language') state.draft = { ...emptyDraft, learner: state.draft.learner };
      else forget(state.draft, action.payload);
    },
    /** The saved caches now hold these sections' values, so their drafts go back to "as saved". */
    sectionsSaved(state, action: PayloadAction<SectionId[]>) {
      for (const section of action.payload) forget(state.draft, section);
    },
    draftDiscarded(state) {
      state.draft = emptyDraft;
    },
  },
  selectors: {
    selectDraft: (state) => state.draft,
  },
});

export const { sectionDrafted, languageDrafted, sectionDiscarded, sectionsSaved, draftDiscarded } = settingsSlice.actions;
export const { selectDraft } = settingsSlice.selectors;

/** A section's draft, whatever its scope (undefined: as saved). */
export function draftOf(draft: SettingsDraft, section: ValueSectionId): unknown {
  return section in draft.forLanguage ? draft.forLanguage[section] : draft.learner[section];
}
