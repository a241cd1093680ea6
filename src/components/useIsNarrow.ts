import { useSyncExternalStore } from 'react';
import { firstRender } from '@/lib/firstRender';
import { NARROW_QUERY } from '@/styles/media';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener?.('change', onChange);
  window.addEventListener('resize', onChange);
  return () => {
    query.removeEventListener?.('change', onChange);
    window.removeEventListener('resize', onChange);
  };
}

/** True on narrow screens (under 640 px, spec 2); follows the viewport as it changes. */
export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(NARROW_QUERY).matches, () => firstRender.narrow ?? false);
}
