import type { SectionId } from './registry';
import { sectionById } from './registry';

/** Decorative: every section button also shows its name as text. Paths from the section's descriptor. */
export function SectionIcon({ section }: { section: SectionId }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {sectionById(section).icon.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
