import { describe, expect, it } from 'vitest';
import { LEVELS, SKILLS } from '@common/domain';
import { LEVEL_DESCRIPTIONS, levelDescription } from '@/lib/levelDescriptions';

describe('level descriptions', () => {
  it('titles levels 1 to 6 in the order the spec gives', () => {
    expect(LEVELS.map((l) => levelDescription(l)?.title)).toEqual([
      'The Survivor',
      'The Doer',
      'The Small Talker',
      'The Self-Starter',
      'The Social Butterfly',
      'The Professional',
    ]);
  });

  it('has no detailed description for level 0 or beyond the highest level', () => {
    expect(levelDescription(0)).toBeNull();
    expect(levelDescription(7)).toBeNull();
  });

  it('gives every level a general and a per-skill description of one or two sentences', () => {
    for (const d of LEVEL_DESCRIPTIONS) {
      for (const text of [d.general, ...SKILLS.map((s) => d[s])]) {
        const sentences = text.split(/[.!?](\s|$)/).filter((s) => s.trim().length > 0);
        expect(sentences.length, `${d.title}: ${text}`).toBeGreaterThanOrEqual(1);
        expect(sentences.length, `${d.title}: ${text}`).toBeLessThanOrEqual(2);
      }
      expect(d.highlights.length).toBeGreaterThan(0);
    }
  });

  it('never repeats a description between levels', () => {
    const texts = LEVEL_DESCRIPTIONS.flatMap((d) => [d.general, ...SKILLS.map((s) => d[s])]);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
