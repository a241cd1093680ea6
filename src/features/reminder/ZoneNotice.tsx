import styled from 'styled-components';
import { Button } from '@/components/Button';
import { useT } from '@/i18n/I18nProvider';

interface ZoneNoticeProps {
  saved: string;
  device: string;
  disabled: boolean;
  onSwitch: () => void;
  onKeep: () => void;
}

/** A learner who travelled: the reminder still goes by the zone it was saved in until they choose. */
export function ZoneNotice({ saved, device, disabled, onSwitch, onKeep }: ZoneNoticeProps) {
  const t = useT();
  return (
    <Notice role="group" aria-label={t('reminder.zone.label')}>
      <p>{t('reminder.zone.text', { device, saved })}</p>
      <div>
        <Button disabled={disabled} onClick={onSwitch}>
          {t('reminder.zone.use', { zone: device })}
        </Button>
        <Button $variant="secondary" disabled={disabled} onClick={onKeep}>
          {t('reminder.zone.keep', { zone: saved })}
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
