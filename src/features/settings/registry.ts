import { dayBoundarySection } from './sections/dayBoundary';
import { goalSection } from './sections/goal';
import { languageSection } from './sections/language';
import { milestonesSection } from './sections/milestones';
import { previousHoursSection } from './sections/previousHours';
import { restDaysSection } from './sections/restDays';
import type { AnySection } from './sections/section';

/**
 * Every Settings section, in the order they are shown: the four of spec 2 with the day's end beside
 * the goal, then the rest days. Each descriptor (sections/<id>.tsx) holds its title, icon, reads,
 * fields, save call and export key; the slice, the form, the save sequence and both layouts read them
 * from here. A new setting is one descriptor file and one line here (docs/ARCHITECTURE.md).
 */
const REGISTERED = [
  languageSection,
  goalSection,
  dayBoundarySection,
  milestonesSection,
  previousHoursSection,
  restDaysSection,
] as const;

type Registered = (typeof REGISTERED)[number];
export type SectionId = Registered['id'];
/** Each section's draft type, by id. */
export type DraftValues = {
  [S in Registered as S['id']]: S extends { toDraft(stored: never): infer Value } ? Value : never;
};

export const SECTIONS: readonly (AnySection & { id: SectionId })[] = REGISTERED;
export const SECTION_IDS: readonly SectionId[] = SECTIONS.map((section) => section.id);
/** The save sequence of spec 4 (language, daily goal, previous hours, milestones), then the learner's own settings. */
export const SAVE_ORDER = [...SECTIONS].sort((a, b) => a.saveOrder - b.saveOrder);

export function sectionById(id: SectionId): AnySection & { id: SectionId } {
  const section = SECTIONS.find((candidate) => candidate.id === id);
  if (!section) throw new Error(`No settings section ${id}`);
  return section;
}

export { languageSection };
