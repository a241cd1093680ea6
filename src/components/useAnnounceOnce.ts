import { useEffect, useId, useState } from 'react';

/** Which mounted component announces each failure now: the first one to show it. */
const owners = new Map<string, string>();

/**
 * True for the one mounted caller that should announce `key` (e.g. a failed read shown by two
 * panels): screen readers hear a failure once, not once per panel that shows it. The next
 * failure mounts anew and is announced again.
 */
export function useAnnounceOnce(key: string | null): boolean {
  const id = useId();
  const [owns, setOwns] = useState(false);
  useEffect(() => {
    if (!key || owners.has(key)) return;
    owners.set(key, id);
    setOwns(true);
    return () => {
      if (owners.get(key) === id) owners.delete(key);
      setOwns(false);
    };
  }, [key, id]);
  return owns;
}
