import type { Milestones } from '@common/domain';
import { useGetMilestonesByLanguageQuery, useGetMilestonesQuery, useSaveMilestonesMutation } from '@/api/apiSlice';
import { ERRORS } from '@/lib/errorMessages';
import { MilestonesField } from '../MilestonesField';
import type { MilestoneDraft } from '../milestoneDraft';
import { milestoneDraftDiffers, milestonesToDraft, parseMilestoneDraft } from '../milestoneDraft';
import { defineSection } from './section';

/** The hours each level is reached at: typed freely, so the drafts are the raw texts, parsed on save (spec 5). */
export const milestonesSection = defineSection<'milestones', MilestoneDraft, Milestones, Milestones>({
  id: 'milestones',
  title: 'settings.section.milestones',
  icon: ['M5 21V4', 'M5 4h11l-2 4 2 4H5'],
  scope: 'language',
  saveOrder: 3,
  transfer: { language: 'milestones' },
  useSaved: useGetMilestonesQuery,
  useForLanguage: useGetMilestonesByLanguageQuery,
  toDraft: (stored: Milestones): MilestoneDraft => milestonesToDraft(stored),
  differs: (draft, stored) => milestoneDraftDiffers(draft, stored),
  // The learner learns what to fix, and nothing of the save sequence is sent half-way.
  prepare(draft): { body: Milestones } | { error: string } {
    const body = parseMilestoneDraft(draft);
    return body ? { body } : { error: ERRORS.INVALID_MILESTONES };
  },
  useSend() {
    const [saveMilestones] = useSaveMilestonesMutation();
    return (milestones: Milestones) => saveMilestones(milestones).unwrap();
  },
  errorKey: 'UPDATE_MILESTONES_ERROR',
  Fields: ({ id, value, onChange }) => <MilestonesField idPrefix={id} value={value} onChange={onChange} />,
});
