// Tells the other tabs of this browser that something was saved, so that they refetch instead
// of showing the old version as "All changes saved" (issue 30). One channel per tab: a
// BroadcastChannel never delivers a message to the object that posted it, so a tab does not
// hear its own saves. Browsers without BroadcastChannel simply do not tell (the refetch on
// visibility still covers them).

const CHANNEL = 'site-console:saves';

/** A save on `site`; receivers refetch that site's queries. */
export interface SavedMessage {
  type: 'saved';
  site: string;
}

let channel: BroadcastChannel | null | undefined;

function sharedChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  }
  return channel;
}

function isSavedMessage(data: unknown): data is SavedMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'saved' &&
    typeof (data as { site?: unknown }).site === 'string'
  );
}

export function announceSaved(site: string): void {
  sharedChannel()?.postMessage({ type: 'saved', site } satisfies SavedMessage);
}

/** Calls `listener` for each save announced by another tab; returns the unsubscribe. */
export function onSavedInOtherTab(listener: (message: SavedMessage) => void): () => void {
  const current = sharedChannel();
  if (!current) return () => {};
  const handle = (event: MessageEvent<unknown>) => {
    // Anything else on the channel (another version of the dashboard) is not ours to read.
    if (isSavedMessage(event.data)) listener(event.data);
  };
  current.addEventListener('message', handle);
  return () => current.removeEventListener('message', handle);
}
