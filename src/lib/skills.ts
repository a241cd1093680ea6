import type { Skill } from '@common/domain';

/** How each skill is named on screen: buttons, modal titles, legend and level descriptions. */
export const SKILL_NAMES: Record<Skill, string> = {
  listening: 'Listening',
  reading: 'Reading',
  speaking: 'Speaking',
  writing: 'Writing',
};
