import { useSyncExternalStore } from 'react';

const QUERY = '(min-width: 640px)';

function subscribe(listener: () => void) {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

/** True at Tailwind's `sm` breakpoint and wider, where a log row fits on one line. */
export function useWideLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => true,
  );
}
