import styled from 'styled-components';
import type { Skill } from '@common/domain';
import { useAppSelector } from '@/api/hooks';
import { addedMinutes } from './optimistic';
import { selectSignInNeeded, selectWaiting } from './syncSlice';
import { useT } from '@/i18n/I18nProvider';

/** "Waiting to sync" beside a skill's minutes while an add of that skill on `date` has not reached the server. */
export function WaitingChip({ date, skill }: { date: string; skill: Skill }) {
  const t = useT();
  const waiting = useAppSelector(selectWaiting).filter((e) => e.body.date === date && addedMinutes(e.body)?.skill === skill);
  if (waiting.length === 0) return null;
  return <Chip>{t('app.sync.waiting')}</Chip>;
}

/** The header's count of adds not yet on the server, or the reason they wait (a session to sign in again). */
export function WaitingCount() {
  const t = useT();
  const waiting = useAppSelector(selectWaiting).length;
  const signInNeeded = useAppSelector(selectSignInNeeded);
  if (waiting === 0) return null;
  return (
    <Chip role="status">
      {signInNeeded ? t('app.sync.signIn') : t('app.sync.count', { count: waiting })}
    </Chip>
  );
}

const Chip = styled.span`
  align-self: flex-start;
  display: inline-block;
  padding: 2px ${({ theme }) => theme.space.sm};
  border: 1px dashed ${({ theme }) => theme.colors.textMuted};
  border-radius: ${({ theme }) => theme.radius.pill};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  white-space: nowrap;
`;
