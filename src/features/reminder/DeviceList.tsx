import styled from 'styled-components';
import type { PushDeviceList } from '@common/schemas/reminders';
import { Button } from '@/components/Button';
import { useI18n } from '@/i18n/I18nProvider';

interface DeviceListProps {
  devices: PushDeviceList;
  thisEndpoint: string | null;
  busy: boolean;
  onRemove: (endpoint: string) => void;
}

/** The devices the reminder reaches: this one marked, each with its own Remove. */
export function DeviceList({ devices, thisEndpoint, busy, onRemove }: DeviceListProps) {
  const { t, formatDate } = useI18n();
  if (devices.length === 0) return <Empty>{t('reminder.devices.empty')}</Empty>;
  const addedOn = (iso: string) => formatDate(new Date(iso), { day: 'numeric', month: 'short', year: 'numeric' });
  return (
    <List aria-label={t('reminder.devices.title')}>
      {devices.map((device) => {
        const here = device.endpoint === thisEndpoint;
        const date = addedOn(device.createdAt);
        return (
          <li key={device.endpoint}>
            <span>
              {here ? <strong>{t('reminder.devices.this')}</strong> : t('reminder.devices.other')}
              <Added>{t('reminder.devices.added', { date })}</Added>
            </span>
            <Button $variant="secondary" disabled={busy} aria-label={here ? t('reminder.devices.removeThis') : t('reminder.devices.removeOther', { date })} onClick={() => onRemove(device.endpoint)}>
              {t('reminder.devices.remove')}
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
