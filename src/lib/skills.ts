import type { Skill } from '@common/domain';
import { t } from '@/i18n/i18n';

/**
 * How each skill is named on screen (buttons, modal titles, legend, level descriptions), in the
 * locale in force; the API keeps the English ids (`listening`…).
 */
export const SKILL_NAMES: Readonly<Record<Skill, string>> = {
  get listening() {
    return t('dashboard.skill.listening');
  },
  get reading() {
    return t('dashboard.skill.reading');
  },
  get speaking() {
    return t('dashboard.skill.speaking');
  },
  get writing() {
    return t('dashboard.skill.writing');
  },
};
