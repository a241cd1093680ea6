import { describe, expect, it } from 'vitest';
import { DEFAULT_MILESTONES } from '@common/domain';
import { milestoneDraftDiffers, milestonesToDraft, parseMilestoneDraft } from '@/features/settings/milestoneDraft';

const typed = (overrides: Partial<Record<keyof typeof DEFAULT_MILESTONES, string>>) => ({
  ...milestonesToDraft(DEFAULT_MILESTONES),
  ...overrides,
});

describe('level milestones typed in settings', () => {
  it('parse as integers on save', () => {
    expect(parseMilestoneDraft(typed({ level1: '075', level6: '2500' }))).toEqual({
      ...DEFAULT_MILESTONES,
      level1: 75,
      level6: 2500,
    });
  });

  it.each([
    ['an empty level', { level3: '' }],
    ['a level not above the one before', { level3: '200' }],
    ['level 1 below 1 hour', { level1: '0' }],
    ['level 6 above 100000 hours', { level6: '100001' }],
    ['a fraction', { level2: '200.5' }],
  ])('are refused with %s', (_case, overrides) => {
    expect(parseMilestoneDraft(typed(overrides))).toBeNull();
  });

  it('differ from the saved ones only when they mean other hours', () => {
    expect(milestoneDraftDiffers(typed({ level2: '0200' }), DEFAULT_MILESTONES)).toBe(false);
    expect(milestoneDraftDiffers(typed({ level2: '201' }), DEFAULT_MILESTONES)).toBe(true);
    expect(milestoneDraftDiffers(typed({ level2: '' }), DEFAULT_MILESTONES)).toBe(true);
  });
});
