import { useState, type ReactNode } from 'react';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { ErrorText } from '@/components/StatusMessage';
import type { ErrorKey } from '@/lib/errorMessages';
import { messageFor } from '@/lib/errorMessages';
import { useT } from '@/i18n/I18nProvider';

interface ConfirmModalProps {
  question: string;
  confirmLabel: string;
  danger?: boolean;
  /** The catalogue message for any failure of `action` (a network failure shows its own). */
  errorKey: ErrorKey;
  action: () => Promise<void>;
  onDone: () => void;
  onCancel: () => void;
  /** More to say or offer before the question is answered. */
  children?: ReactNode;
}

/** A yes/no question whose confirm button runs `action`, keeping the modal open with the error if it fails. */
export function ConfirmModal({ question, confirmLabel, danger, errorKey, action, onDone, onCancel, children }: ConfirmModalProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(messageFor(failure, errorKey));
      setBusy(false);
      return;
    }
    onDone();
  };

  return (
    <Modal
      title={question}
      size="sm"
      onClose={onCancel}
      footer={
        <>
          <Button $variant="secondary" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button $variant={danger ? 'danger' : 'primary'} onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {error && <ErrorText>{error}</ErrorText>}
    </Modal>
  );
}
