/**
 * Issue #45: the dashboard's edit, level and new-language dialogs are their own chunks, asked for after the
 * first paint (src/app/router.tsx, the dashboard's loader) instead of before the first tap. Each
 * has its own Suspense boundary, so the panel that opens one never gives way to a fallback.
 */
import { Suspense, lazy, type ComponentProps } from 'react';
import type { EditDayModal as EditDayDialog } from './EditDayModal';
import type { LevelModal as LevelDialog } from './LevelModal';
import type { StartLanguageModal as StartLanguageDialog } from './StartLanguageModal';

const LazyEditDayModal = lazy(() => import('./EditDayModal').then((m) => ({ default: m.EditDayModal })));
const LazyLevelModal = lazy(() => import('./LevelModal').then((m) => ({ default: m.LevelModal })));
const LazyStartLanguageModal = lazy(() => import('./StartLanguageModal').then((m) => ({ default: m.StartLanguageModal })));

export function EditDayModal(props: ComponentProps<typeof EditDayDialog>) {
  return (
    <Suspense fallback={null}>
      <LazyEditDayModal {...props} />
    </Suspense>
  );
}

export function LevelModal(props: ComponentProps<typeof LevelDialog>) {
  return (
    <Suspense fallback={null}>
      <LazyLevelModal {...props} />
    </Suspense>
  );
}

export function StartLanguageModal(props: ComponentProps<typeof StartLanguageDialog>) {
  return (
    <Suspense fallback={null}>
      <LazyStartLanguageModal {...props} />
    </Suspense>
  );
}
