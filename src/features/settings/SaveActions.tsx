import styled from 'styled-components';
import { OFFLINE_ACTION, useOnline } from '@/sync';
import { Button } from '@/components/Button';

interface SaveActionsProps {
  saving: boolean;
  onDiscard: () => void;
  onSave: () => void;
}

/** The Discard/Save pair, rendered only while something differs from the saved values (spec 2). */
export function SaveActions({ saving, onDiscard, onSave }: SaveActionsProps) {
  const online = useOnline();
  return (
    <Row>
      <Button $variant="secondary" onClick={onDiscard} disabled={saving}>
        Discard
      </Button>
      <Button onClick={onSave} disabled={saving || !online} aria-busy={saving}>
        {online ? 'Save' : OFFLINE_ACTION}
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
