import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { paths } from '@/api/paths';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';

/**
 * Asks before unsaved settings are lost by leaving the page (Back, a link, the browser's back
 * button) or closing the tab. Going to /login (logout, deletion, an ended session) never asks:
 * there is nothing left to save them to.
 */
export function LeaveGuard({ unsaved }: { unsaved: boolean }) {
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
      title="Leave without saving?"
      size="sm"
      onClose={() => blocker.reset()}
      footer={
        <>
          <Button $variant="secondary" onClick={() => blocker.reset()}>
            Stay
          </Button>
          <Button $variant="danger" onClick={() => blocker.proceed()}>
            Leave
          </Button>
        </>
      }
    >
      <p>Your changes to the settings are not saved yet. If you leave now, they are lost.</p>
    </Modal>
  );
}
