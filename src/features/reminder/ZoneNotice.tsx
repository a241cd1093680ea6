import styled from 'styled-components';
import { Button } from '@/components/Button';

interface ZoneNoticeProps {
  saved: string;
  device: string;
  disabled: boolean;
  onSwitch: () => void;
  onKeep: () => void;
}

/** A learner who travelled: the reminder still goes by the zone it was saved in until they choose. */
export function ZoneNotice({ saved, device, disabled, onSwitch, onKeep }: ZoneNoticeProps) {
  return (
    <Notice role="group" aria-label="Time zone changed">
      <p>
        This device is on {device} time, but your reminder goes by {saved} time.
      </p>
      <div>
        <Button disabled={disabled} onClick={onSwitch}>
          Use {device} time
        </Button>
        <Button $variant="secondary" disabled={disabled} onClick={onKeep}>
          Keep {saved} time
        </Button>
      </div>
    </Notice>
  );
}

const Notice = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  p {
    margin: 0;
  }
  div {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.sm};
  }
`;
