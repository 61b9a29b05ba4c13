/**
 * Whether the text version is older than the HTML beside it: the HTML changed since the text was
 * last edited or generated. The service keeps no such date, so this browser remembers, per
 * template, which HTML the text was last written against (as fingerprints, not the HTML itself).
 * A text that changed in any way (typed, generated, restored from a draft, saved elsewhere) is
 * taken to be as new as the HTML beside it at that moment; a template this browser has not seen
 * is taken to be in step (nothing is known against it).
 */

/** Fingerprints of the HTML the text was last written against, and of that text. */
export interface TextBase {
  html: string;
  text: string;
}

/** FNV-1a (32 bits) with the length: enough to tell two versions of one template apart. */
export function fingerprint(value: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < value.length; index++) {
    hash ^= value.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${value.length.toString(36)}-${hash.toString(36)}`;
}

export function baseOf(html: string, text: string): TextBase {
  return { html: fingerprint(html), text: fingerprint(text) };
}

/** The base after the values changed: a changed text is as new as the HTML beside it. */
export function nextBase(base: TextBase, html: string, text: string): TextBase {
  return fingerprint(text) === base.text ? base : baseOf(html, text);
}

/** The base a stored one gives for these values: kept only while the text is the same. */
export function restoredBase(stored: unknown, html: string, text: string): TextBase {
  if (isBase(stored) && stored.text === fingerprint(text)) return stored;
  return baseOf(html, text);
}

/** Stale: there is a text, an HTML version, and the HTML is not the one the text was written against. */
export function isTextStale(
  base: TextBase,
  values: { html: string; text: string; html_enabled: boolean },
): boolean {
  return values.html_enabled && values.text.trim() !== '' && base.html !== fingerprint(values.html);
}

function isBase(value: unknown): value is TextBase {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { html?: unknown }).html === 'string' &&
    typeof (value as { text?: unknown }).text === 'string'
  );
}
