import { useEffect, useState } from 'react';
import { BannerBar } from '@/components/BannerBar';
import { Button } from '@/components/Button';
import { onUpdateWaiting, updateNow } from './serviceWorker';

/** A new version of the app is installed: the learner chooses when to reload into it. */
export function UpdatePrompt() {
  const [waiting, setWaiting] = useState(false);
  useEffect(() => onUpdateWaiting(setWaiting), []);
  if (!waiting) return null;
  return (
    <BannerBar role="status">
      <p>A new version of LinguaLog is ready.</p>
      <Button $variant="secondary" onClick={updateNow}>
        Reload
      </Button>
    </BannerBar>
  );
}
