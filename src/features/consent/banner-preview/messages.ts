// What the banner preview's frame and the panel say to each other. The frame has an opaque
// origin (sandbox without allow-same-origin), so the panel trusts a message by its source window
// (its own iframe), never by origin, and checks its shape here.

export const PREVIEW_CHANNEL = 'site-console-klaro-preview';

/** A `gtag(...)` call the banner made, as its arguments. */
export interface GtagCallMessage {
  channel: typeof PREVIEW_CHANNEL;
  kind: 'gtag';
  args: unknown[];
}

export function isGtagCallMessage(data: unknown): data is GtagCallMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<GtagCallMessage>;
  return (
    message.channel === PREVIEW_CHANNEL && message.kind === 'gtag' && Array.isArray(message.args)
  );
}

/** What the panel puts into the frame's document for its script to read. */
export interface PreviewFrameData {
  /** The Klaro configuration, RegExps as `{ $regexp, flags }` (JSON has none). */
  config: unknown;
  /** Whether the page the banner sits on is light or dark, and Klaro's styling to match. */
  theme: 'light' | 'dark';
  /** The dashboard's origin: the only target the frame posts to. */
  parentOrigin: string;
}

export const FRAME_DATA_ELEMENT_ID = 'klaro-preview-data';

/** JSON with RegExps kept as `{ $regexp, flags }`, which `reviveRegExps` turns back. */
export function toFrameJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item instanceof RegExp ? { $regexp: item.source, flags: item.flags } : item,
  );
}

export function reviveRegExps(text: string): unknown {
  return JSON.parse(text, (_key, item: unknown) => {
    if (typeof item === 'object' && item !== null && '$regexp' in item) {
      const { $regexp, flags } = item as { $regexp: unknown; flags: unknown };
      if (typeof $regexp === 'string' && typeof flags === 'string')
        return new RegExp($regexp, flags);
    }
    return item;
  });
}
