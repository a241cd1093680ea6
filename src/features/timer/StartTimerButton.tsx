import styled from 'styled-components';
import type { Skill } from '@common/domain';
import { Button } from '@/components/Button';
import { SKILL_NAMES } from '@/lib/skills';
import { useTimerActions } from './useTimerActions';
import { useT } from '@/i18n/I18nProvider';

/**
 * Beside a skill's add-time button: 'Start timer', named 'Start timer for Listening' for screen
 * readers and voice control (the visible words begin the name). Disabled while this skill's timer
 * runs (the bar stops it).
 */
export function StartTimerButton({ skill }: { skill: Skill }) {
  const t = useT();
  const { timer, start } = useTimerActions();
  return (
    <TimerButton
      $variant="secondary"
      $fullWidth
      aria-label={t('timer.start.label', { skill: SKILL_NAMES[skill] })}
      disabled={timer?.skill === skill}
      onClick={() => start(skill)}
    >
      <span aria-hidden="true">▶</span>
      {t('timer.start.button')}
    </TimerButton>
  );
}

const TimerButton = styled(Button)`
  padding-inline: ${({ theme }) => theme.space.md};
  white-space: nowrap;
`;
