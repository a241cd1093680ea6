import styled, { keyframes } from 'styled-components';
import { IconButton } from '@/components/Button';
import { useT } from '@/i18n/I18nProvider';

interface CelebrationProps {
  message: string;
  onDismiss: () => void;
}

const PIECES = 12;

/**
 * A short burst of confetti around a banner that stays until dismissed. The banner is a status
 * message, so screen readers announce it without moving focus; with reduced motion asked for,
 * the confetti is left out and only the banner shows. It takes its own place in the page rather
 * than floating over it, so it never hides a control (issue #31: it covered the phone's header
 * and the desktop's goal widget).
 */
export function Celebration({ message, onDismiss }: CelebrationProps) {
  const t = useT();
  return (
    <Banner role="status">
      <Confetti aria-hidden="true">
        {Array.from({ length: PIECES }, (_, i) => (
          <Piece key={i} $index={i} />
        ))}
      </Confetti>
      <Text>
        <span aria-hidden="true">🎉 </span>
        {message}
      </Text>
      <IconButton aria-label={t('common.dismiss')} onClick={onDismiss}>
        <span aria-hidden="true">×</span>
      </IconButton>
    </Banner>
  );
}

const pop = keyframes`
  from { transform: translate(0, 0) rotate(0deg); opacity: 1; }
  to { transform: translate(var(--dx), var(--dy)) rotate(280deg); opacity: 0; }
`;

const rise = keyframes`
  from { transform: translateY(-8px); opacity: 0; }
  to { transform: translateY(0); opacity: 1; }
`;

/* Confetti may rise above and below the banner but never past a phone's edges (no sideways scroll). */
const Banner = styled.div`
  position: relative;
  overflow-x: clip;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.sm} ${theme.space.sm} ${theme.space.md}`};
  border: 2px solid ${({ theme }) => theme.colors.success};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};
  animation: ${rise} 0.3s ease-out;
`;

const Text = styled.p`
  flex: 1;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  color: ${({ theme }) => theme.colors.success};
`;

const Confetti = styled.span`
  position: absolute;
  left: 50%;
  top: 50%;
  pointer-events: none;
  @media (prefers-reduced-motion: reduce) {
    display: none;
  }
`;

const Piece = styled.span<{ $index: number }>`
  position: absolute;
  width: 8px;
  height: 12px;
  border-radius: 2px;
  opacity: 0;
  background: ${({ theme, $index }) => Object.values(theme.skills)[$index % 4]};
  --dx: ${({ $index }) => Math.round(Math.cos(($index / PIECES) * 2 * Math.PI) * 180)}px;
  --dy: ${({ $index }) => Math.round(Math.sin(($index / PIECES) * 2 * Math.PI) * 70)}px;
  animation: ${pop} 1.2s ease-out ${({ $index }) => ($index % 3) * 0.08}s;
`;
