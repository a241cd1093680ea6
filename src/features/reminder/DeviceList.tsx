import styled from 'styled-components';
import type { PushDeviceList } from '@common/schemas/reminders';
import { Button } from '@/components/Button';

interface DeviceListProps {
  devices: PushDeviceList;
  thisEndpoint: string | null;
  busy: boolean;
  onRemove: (endpoint: string) => void;
}

const addedOn = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** The devices the reminder reaches: this one marked, each with its own Remove. */
export function DeviceList({ devices, thisEndpoint, busy, onRemove }: DeviceListProps) {
  if (devices.length === 0) return <Empty>No device will be reminded yet.</Empty>;
  return (
    <List aria-label="Devices reminded">
      {devices.map((device) => {
        const here = device.endpoint === thisEndpoint;
        const name = here ? 'This device' : `Another device, added ${addedOn(device.createdAt)}`;
        return (
          <li key={device.endpoint}>
            <span>
              {here ? <strong>This device</strong> : 'Another device'}
              <Added>added {addedOn(device.createdAt)}</Added>
            </span>
            <Button $variant="secondary" disabled={busy} aria-label={`Remove ${here ? 'this device' : name}`} onClick={() => onRemove(device.endpoint)}>
              Remove
            </Button>
          </li>
        );
      })}
    </List>
  );
}

const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm};
  }
`;

const Added = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;
