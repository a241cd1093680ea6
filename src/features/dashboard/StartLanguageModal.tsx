import { DEFAULT_DAILY_GOAL_MINUTES } from '@common/domain';
import { ConfirmModal } from '@/components/ConfirmModal';
import { useT } from '@/i18n/I18nProvider';
import { languageName } from '@/lib/languageNames';
import { formatHm } from '@/lib/time';

interface StartLanguageModalProps {
  language: string;
  current: string;
  onStart: () => Promise<void>;
  onClose: () => void;
}

/** Asks before starting a language never studied: it begins for good, with default settings. */
export function StartLanguageModal({ language, current, onStart, onClose }: StartLanguageModalProps) {
  const t = useT();
  const names = { language: languageName(language), current: languageName(current) };
  return (
    <ConfirmModal
      question={t('dashboard.startLanguage.question', names)}
      confirmLabel={t('dashboard.startLanguage.confirm', names)}
      errorKey="UPDATE_LANGUAGE_ERROR"
      action={onStart}
      onDone={onClose}
      onCancel={onClose}
    >
      <p>
        {t('dashboard.startLanguage.text', { ...names, goal: formatHm(DEFAULT_DAILY_GOAL_MINUTES) })}
      </p>
    </ConfirmModal>
  );
}
