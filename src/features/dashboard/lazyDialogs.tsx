/**
 * Issue #45: the dashboard's edit, level and new-language dialogs are their own chunks, asked for after the
 * first paint (src/app/router.tsx, the dashboard's loader) instead of before the first tap. Each
 * has its own Suspense boundary, so the panel that opens one never gives way to a fallback; a
 * dialog whose code cannot load (offline before it arrived) says so in its place, and is tried
 * again once the browser is online (components/CodeBoundary.tsx).
 */
function NotLoaded() {
  const t = useT();
  return <ErrorText>{t('dashboard.dialog.notLoaded')}</ErrorText>;
}
const notLoaded = <NotLoaded />;
import type { ComponentProps } from 'react';
import { CodeBoundary, retryableLazy } from '@/components/CodeBoundary';
import { ErrorText } from '@/components/StatusMessage';
import { loadLaterMessages } from '@/i18n/catalogue';
import { getI18n } from '@/i18n/i18n';
import { useT } from '@/i18n/I18nProvider';
import type { EditDayModal as EditDayDialog } from './EditDayModal';
import type { LevelModal as LevelDialog } from './LevelModal';
import type { StartLanguageModal as StartLanguageDialog } from './StartLanguageModal';

const editDay = retryableLazy(() => import('./EditDayModal').then((m) => ({ default: m.EditDayModal })));
// The level dialog's descriptions are in the catalogue's later chunk (src/i18n/catalogue.ts): they come with its code.
const level = retryableLazy(() =>
  Promise.all([import('./LevelModal'), loadLaterMessages(getI18n().locale)]).then(([m]) => ({ default: m.LevelModal })),
);
const startLanguage = retryableLazy(() => import('./StartLanguageModal').then((m) => ({ default: m.StartLanguageModal })));

export function EditDayModal(props: ComponentProps<typeof EditDayDialog>) {
  return (
    <CodeBoundary failed={notLoaded} onRetry={editDay.retry}>
      {() => <editDay.Component {...props} />}
    </CodeBoundary>
  );
}

export function LevelModal(props: ComponentProps<typeof LevelDialog>) {
  return (
    <CodeBoundary failed={notLoaded} onRetry={level.retry}>
      {() => <level.Component {...props} />}
    </CodeBoundary>
  );
}

export function StartLanguageModal(props: ComponentProps<typeof StartLanguageDialog>) {
  return (
    <CodeBoundary failed={notLoaded} onRetry={startLanguage.retry}>
      {() => <startLanguage.Component {...props} />}
    </CodeBoundary>
  );
}
