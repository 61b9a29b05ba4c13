import { useCallback, useState } from 'react';
import { browserStorage, readJson, writeJson } from './browser-storage';

/** A yes/no choice of the admin (a panel open, the preview fitted), kept in this browser. */
export function useRememberedFlag(key: string, initial: boolean) {
  const storageKey = `site-console:notification-editor:${key}`;
  const [value, setValue] = useState(() => {
    const stored = readJson(browserStorage(), storageKey);
    return typeof stored === 'boolean' ? stored : initial;
  });
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      // A browser that cannot store it forgets it at the next visit; nothing else depends on it.
      writeJson(browserStorage(), storageKey, next);
    },
    [storageKey],
  );
  return [value, set] as const;
}
