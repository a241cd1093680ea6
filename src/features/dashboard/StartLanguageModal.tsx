import { DEFAULT_DAILY_GOAL_MINUTES } from '@common/domain';
import { ConfirmModal } from '@/components/ConfirmModal';
import { formatHm } from '@/lib/time';

interface StartLanguageModalProps {
  language: string;
  current: string;
  onStart: () => Promise<void>;
  onClose: () => void;
}

/** Asks before starting a language never studied: it begins for good, with default settings. */
export function StartLanguageModal({ language, current, onStart, onClose }: StartLanguageModalProps) {
  return (
    <ConfirmModal
      question={`Start learning ${language}?`}
      confirmLabel={`Start ${language}`}
      errorKey="UPDATE_LANGUAGE_ERROR"
      action={onStart}
      onDone={onClose}
      onCancel={onClose}
    >
      <p>
        {language} starts with a daily goal of {formatHm(DEFAULT_DAILY_GOAL_MINUTES)}, which you can change in
        Settings. Your {current} progress stays as it is, and you can switch back here at any time.
      </p>
    </ConfirmModal>
  );
}
