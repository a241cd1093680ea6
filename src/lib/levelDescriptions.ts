/**
 * What each level means for a learner (spec 3: fixed client-side text), in the locale in force.
 * Levels 1 to 6 follow the spirit of the CEFR bands A1 to C2; the wording is our own.
 */
import type { Skill } from '@common/domain';
import { MAX_LEVEL } from '@common/domain';
import { t } from '@/i18n/i18n';

/** The text for level 0 (read when shown, so it is in the locale in force). */
export const levelZeroText = () => t('dashboard.levelZero');

export type SkillDescriptions = Record<Skill, string>;

export interface LevelDescription extends SkillDescriptions {
  level: number;
  title: string;
  /** Short can-do lines for the level's card. */
  highlights: readonly string[];
  general: string;
}

/** Each text is read from the catalogue when it is shown, so a change of locale shows at once. */
export const LEVEL_DESCRIPTIONS: readonly LevelDescription[] = [
  {
    level: 1,
    get title() {
      return t('dashboard.level1.title');
    },
    get highlights() {
      return [t('dashboard.level1.highlight1'), t('dashboard.level1.highlight2'), t('dashboard.level1.highlight3')];
    },
    get general() {
      return t('dashboard.level1.general');
    },
    get listening() {
      return t('dashboard.level1.listening');
    },
    get reading() {
      return t('dashboard.level1.reading');
    },
    get speaking() {
      return t('dashboard.level1.speaking');
    },
    get writing() {
      return t('dashboard.level1.writing');
    },
  },
  {
    level: 2,
    get title() {
      return t('dashboard.level2.title');
    },
    get highlights() {
      return [t('dashboard.level2.highlight1'), t('dashboard.level2.highlight2'), t('dashboard.level2.highlight3')];
    },
    get general() {
      return t('dashboard.level2.general');
    },
    get listening() {
      return t('dashboard.level2.listening');
    },
    get reading() {
      return t('dashboard.level2.reading');
    },
    get speaking() {
      return t('dashboard.level2.speaking');
    },
    get writing() {
      return t('dashboard.level2.writing');
    },
  },
  {
    level: 3,
    get title() {
      return t('dashboard.level3.title');
    },
    get highlights() {
      return [t('dashboard.level3.highlight1'), t('dashboard.level3.highlight2'), t('dashboard.level3.highlight3')];
    },
    get general() {
      return t('dashboard.level3.general');
    },
    get listening() {
      return t('dashboard.level3.listening');
    },
    get reading() {
      return t('dashboard.level3.reading');
    },
    get speaking() {
      return t('dashboard.level3.speaking');
    },
    get writing() {
      return t('dashboard.level3.writing');
    },
  },
  {
    level: 4,
    get title() {
      return t('dashboard.level4.title');
    },
    get highlights() {
      return [t('dashboard.level4.highlight1'), t('dashboard.level4.highlight2'), t('dashboard.level4.highlight3')];
    },
    get general() {
      return t('dashboard.level4.general');
    },
    get listening() {
      return t('dashboard.level4.listening');
    },
    get reading() {
      return t('dashboard.level4.reading');
    },
    get speaking() {
      return t('dashboard.level4.speaking');
    },
    get writing() {
      return t('dashboard.level4.writing');
    },
  },
  {
    level: 5,
    get title() {
      return t('dashboard.level5.title');
    },
    get highlights() {
      return [t('dashboard.level5.highlight1'), t('dashboard.level5.highlight2'), t('dashboard.level5.highlight3')];
    },
    get general() {
      return t('dashboard.level5.general');
    },
    get listening() {
      return t('dashboard.level5.listening');
    },
    get reading() {
      return t('dashboard.level5.reading');
    },
    get speaking() {
      return t('dashboard.level5.speaking');
    },
    get writing() {
      return t('dashboard.level5.writing');
    },
  },
  {
    level: 6,
    get title() {
      return t('dashboard.level6.title');
    },
    get highlights() {
      return [t('dashboard.level6.highlight1'), t('dashboard.level6.highlight2'), t('dashboard.level6.highlight3')];
    },
    get general() {
      return t('dashboard.level6.general');
    },
    get listening() {
      return t('dashboard.level6.listening');
    },
    get reading() {
      return t('dashboard.level6.reading');
    },
    get speaking() {
      return t('dashboard.level6.speaking');
    },
    get writing() {
      return t('dashboard.level6.writing');
    },
  },
];

/** The description of levels 1 to 6, or null for level 0 (see levelZeroText). */
export function levelDescription(level: number): LevelDescription | null {
  if (level < 1 || level > MAX_LEVEL) return null;
  return LEVEL_DESCRIPTIONS[level - 1] ?? null;
}
