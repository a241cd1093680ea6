import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { paths } from '@/api/paths';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { useT } from '@/i18n/I18nProvider';

/**
 * Asks before unsaved settings are lost by leaving the page (Back, a link, the browser's back
 * button) or closing the tab. Going to /login (logout, deletion, an ended session) never asks:
 * there is nothing left to save them to.
 */
export function LeaveGuard({ unsaved }: { unsaved: boolean }) {
  const t = useT();
  const unsavedRef = useRef(unsaved);
  useEffect(() => {
    unsavedRef.current = unsaved;
  });
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsavedRef.current && nextLocation.pathname !== currentLocation.pathname && nextLocation.pathname !== paths.login,
  );

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  if (blocker.state !== 'blocked') return null;
  return (
    <Modal
      title={t('settings.leave.title')}
      size="sm"
      onClose={() => blocker.reset()}
      footer={
        <>
          <Button $variant="secondary" onClick={() => blocker.reset()}>
            {t('settings.leave.stay')}
          </Button>
          <Button $variant="danger" onClick={() => blocker.proceed()}>
            {t('settings.leave.leave')}
          </Button>
        </>
      }
    >
      <p>{t('settings.leave.text')}</p>
    </Modal>
  );
}
