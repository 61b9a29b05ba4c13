import { useCallback, useState } from 'react';
import { browserStorage, readJson, writeJson } from '../browser-storage';

/**
 * A choice of the admin (a panel open, the preview fitted, Code or Visual), kept in this browser;
 * null until they make one, or when what is stored is not one `parse` accepts.
 */
export function useRememberedChoice<T>(key: string, parse: (stored: unknown) => T | null) {
  const storageKey = `site-console:notification-editor:${key}`;
  const [value, setValue] = useState<T | null>(() => parse(readJson(browserStorage(), storageKey)));
  const set = useCallback(
    (next: T) => {
      setValue(next);
      // A browser that cannot store it forgets it at the next visit; nothing else depends on it.
      writeJson(browserStorage(), storageKey, next);
    },
    [storageKey],
  );
  return [value, set] as const;
}

function asBoolean(stored: unknown): boolean | null {
  return typeof stored === 'boolean' ? stored : null;
}

/** A yes/no choice of the admin, `initial` until they make one. */
export function useRememberedFlag(key: string, initial: boolean) {
  const [value, set] = useRememberedChoice(key, asBoolean);
  return [value ?? initial, set] as const;
}

/** A yes/no choice of the admin, null until they make one (the caller decides the default). */
export function useRememberedOptionalFlag(key: string) {
  return useRememberedChoice(key, asBoolean);
}
