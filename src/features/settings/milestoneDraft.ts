import type { MilestoneKey, Milestones } from '@common/domain';
import { MILESTONE_KEYS, areValidMilestones } from '@common/domain';

/** Milestones are typed freely, so their drafts are the raw texts; they are parsed on save (spec 5). */
export type MilestoneDraft = Record<MilestoneKey, string>;

export function milestonesToDraft(milestones: Milestones): MilestoneDraft {
  return Object.fromEntries(MILESTONE_KEYS.map((key) => [key, String(milestones[key])])) as MilestoneDraft;
}

const parseHours = (text: string): number => (/^\d+$/.test(text.trim()) ? Number.parseInt(text, 10) : Number.NaN);

/** The typed milestones as integers, or null when any is not a valid, increasing whole number. */
export function parseMilestoneDraft(draft: MilestoneDraft): Milestones | null {
  const parsed = Object.fromEntries(MILESTONE_KEYS.map((key) => [key, parseHours(draft[key])])) as Milestones;
  return areValidMilestones(parsed) ? parsed : null;
}

/** True when what was typed means other hours than `saved` ('050' means 50; '' means nothing yet). */
export function milestoneDraftDiffers(draft: MilestoneDraft, saved: Milestones): boolean {
  return MILESTONE_KEYS.some((key) => parseHours(draft[key]) !== saved[key]);
}
