import { useState } from 'react';
import { DEFAULT_DAILY_GOAL_MINUTES } from '@common/domain';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { ErrorText } from '@/components/StatusMessage';
import { messageFor } from '@/lib/errorMessages';
import { formatHm } from '@/lib/time';

interface StartLanguageModalProps {
  language: string;
  current: string;
  onStart: () => Promise<void>;
  onClose: () => void;
}

/** Asks before starting a language never studied: it begins for good, with default settings. */
export function StartLanguageModal({ language, current, onStart, onClose }: StartLanguageModalProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      await onStart();
    } catch (failure) {
      setError(messageFor(failure, 'UPDATE_LANGUAGE_ERROR'));
      setBusy(false);
      return;
    }
    onClose();
  };

  return (
    <Modal
      title={`Start learning ${language}?`}
      size="sm"
      onClose={onClose}
      footer={
        <>
          <Button $variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void start()} disabled={busy} aria-busy={busy}>
            Start {language}
          </Button>
        </>
      }
    >
      {error && <ErrorText>{error}</ErrorText>}
      <p>
        {language} starts with a daily goal of {formatHm(DEFAULT_DAILY_GOAL_MINUTES)}, which you can change in
        Settings. Your {current} progress stays as it is, and you can switch back here at any time.
      </p>
    </Modal>
  );
}
