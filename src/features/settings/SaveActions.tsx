import styled from 'styled-components';
import { OFFLINE_ACTION, useOnline } from '@/sync';
import { Button } from '@/components/Button';
import { useT } from '@/i18n/I18nProvider';

interface SaveActionsProps {
  saving: boolean;
  onDiscard: () => void;
  onSave: () => void;
}

/** The Discard/Save pair, rendered only while something differs from the saved values (spec 2). */
export function SaveActions({ saving, onDiscard, onSave }: SaveActionsProps) {
  const online = useOnline();
  const t = useT();
  return (
    <Row>
      <Button $variant="secondary" onClick={onDiscard} disabled={saving}>
        {t('settings.form.discard')}
      </Button>
      <Button onClick={onSave} disabled={saving || !online} aria-busy={saving}>
        {online ? t('settings.form.save') : t(OFFLINE_ACTION)}
      </Button>
    </Row>
  );
}

const Row = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;
