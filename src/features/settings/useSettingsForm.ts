import { skipToken } from '@reduxjs/toolkit/query/react';
import { useAppSelector } from '@/api/hooks';
import type { SectionId } from './registry';
import { SAVE_ORDER, languageSection } from './registry';
import type { AnySection, Read } from './sections/section';
import { draftOf, selectDraft } from './settingsSlice';

export type FormStatus = 'loading' | 'error' | 'ready';

const LANGUAGE_SECTIONS = SAVE_ORDER.filter((section) => section.scope === 'language');
const LEARNER_SECTIONS = SAVE_ORDER.filter((section) => section.scope === 'learner');
type ValueSectionId = Exclude<SectionId, 'language'>;

/**
 * Saved values, drafts and what differs (spec 4 "Settings editing"), for every section of the
 * registry. While the draft names another language, the per-language values compared with are
 * THAT language's stored ones, read without saving.
 */
export function useSettingsForm() {
  const draft = useAppSelector(selectDraft);
  const userLanguage = languageSection.useSaved();
  const saved = new Map<SectionId, Read<unknown>>([['language', userLanguage]]);
  // The registry is fixed, so these hooks run in the same order on every render.
  for (const section of LANGUAGE_SECTIONS) saved.set(section.id, section.useSaved());
  // Not among spec 2's sections: a learner setting's read failing affects its section only.
  for (const section of LEARNER_SECTIONS) saved.set(section.id, section.useSaved());
  const savedLanguage = userLanguage.data ? languageSection.toDraft(userLanguage.data) : null;

  const otherLanguage = draft.language !== null && draft.language !== savedLanguage ? draft.language : null;
  const otherArg = otherLanguage ?? skipToken;
  const other = new Map<SectionId, Read<unknown>>();
  for (const section of LANGUAGE_SECTIONS) {
    if (!section.useForLanguage) throw new Error(`Settings section ${section.id} is read per language but has no useForLanguage`);
    other.set(section.id, section.useForLanguage(otherArg));
  }

  const readOf = (id: SectionId) => saved.get(id) as Read<unknown>;
  const savedQueries: Read<unknown>[] = [userLanguage, ...LANGUAGE_SECTIONS.map((section) => readOf(section.id))];
  const status: FormStatus = savedQueries.some((q) => q.isError)
    ? 'error'
    : savedQueries.some((q) => !q.data)
      ? 'loading'
      : 'ready';

  const sources = otherLanguage ? other : saved;
  /** What the server holds for the language shown, by section: what the drafts are compared with. */
  const stored = LANGUAGE_SECTIONS.every((section) => sources.get(section.id)?.data !== undefined)
    ? new Map(LANGUAGE_SECTIONS.map((section) => [section.id, sources.get(section.id)?.data]))
    : null;
  const otherQueries = LANGUAGE_SECTIONS.map((section) => other.get(section.id) as Read<unknown>);
  const unsavedLanguageFailed = otherLanguage !== null && otherQueries.some((q) => q.isError);

  const drafted = (section: AnySection) => draftOf(draft, section.id as ValueSectionId);
  const changedOf = (section: AnySection): boolean => {
    if (section.scope === 'choice') return otherLanguage !== null;
    const value = drafted(section);
    const against = section.scope === 'language' ? stored?.get(section.id as SectionId) : readOf(section.id as SectionId).data;
    return value !== undefined && against !== undefined && section.differs(value, against);
  };
  /** The value shown: the draft, else the saved one; null until read (or while another language's values load). */
  const valueOf = (section: AnySection): unknown => {
    if (section.scope === 'choice') return draft.language ?? savedLanguage;
    const value = drafted(section);
    if (value !== undefined) return section.scope === 'language' && !stored ? null : value;
    const against = section.scope === 'language' ? stored?.get(section.id as SectionId) : readOf(section.id as SectionId).data;
    return against === undefined ? null : section.toDraft(against);
  };

  const changed = Object.fromEntries(SAVE_ORDER.map((section) => [section.id, changedOf(section)])) as Record<SectionId, boolean>;
  const values = new Map<SectionId, unknown>(SAVE_ORDER.map((section) => [section.id, valueOf(section)]));

  return {
    status,
    savedLanguage,
    language: draft.language ?? savedLanguage,
    /** Whether the per-language values are there (false while another language's values load, or when they could not be read). */
    languageValuesShown: stored !== null,
    /** Each section's value shown (null until read). */
    valueOf: (id: SectionId) => values.get(id) ?? null,
    /** A section's saved value's read. */
    readOf,
    changed,
    anyChanged: Object.values(changed).some(Boolean),
    unsavedLanguageFailed,
    /** The saved values' reads, for the failure notice and its 'Try again'. */
    savedReads: savedQueries,
    /** The drafted language's reads (empty while the saved language is shown). */
    otherReads: otherLanguage ? otherQueries : [],
  };
}

export type SettingsForm = ReturnType<typeof useSettingsForm>;
