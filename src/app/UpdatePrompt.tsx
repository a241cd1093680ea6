import { useEffect, useState } from 'react';
import { BannerBar } from '@/components/BannerBar';
import { Button } from '@/components/Button';
import { onUpdateWaiting, updateNow } from './serviceWorker';
import { useT } from '@/i18n/I18nProvider';

/** A new version of the app is installed: the learner chooses when to reload into it. */
export function UpdatePrompt() {
  const t = useT();
  const [waiting, setWaiting] = useState(false);
  useEffect(() => onUpdateWaiting(setWaiting), []);
  if (!waiting) return null;
  return (
    <BannerBar role="status">
      <p>{t('app.update.ready')}</p>
      <Button $variant="secondary" onClick={updateNow}>
        {t('app.update.reload')}
      </Button>
    </BannerBar>
  );
}
