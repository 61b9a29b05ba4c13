import { useSyncExternalStore } from 'react';

const QUERY = '(min-width: 640px)';

// One MediaQueryList for the page: getSnapshot runs on every render of the list.
let media: MediaQueryList | null = null;
function getMedia(): MediaQueryList {
  media ??= window.matchMedia(QUERY);
  return media;
}

function subscribe(listener: () => void) {
  const list = getMedia();
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}

/** True at Tailwind's `sm` breakpoint and wider, where a log row fits on one line. */
export function useWideLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => getMedia().matches,
    () => true,
  );
}
