import type { ClipboardEvent } from 'react';

/**
 * The hostname of a pasted web address (`https://analytics.example.net/` → `analytics.example.net`),
 * or null when the text is not one: admins copy the domain from the browser's address bar.
 */
export function hostnameOfPastedUrl(text: string): string | null {
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const host = new URL(trimmed).hostname;
    return host === '' ? null : host;
  } catch {
    return null;
  }
}

/**
 * For a paste into a hostname field: the field's next value when the clipboard holds a web
 * address (the browser's own paste is then cancelled), else null and the paste goes ahead.
 */
export function valueAfterHostnamePaste(event: ClipboardEvent<HTMLInputElement>): string | null {
  const host = hostnameOfPastedUrl(event.clipboardData.getData('text/plain'));
  if (host === null) return null;
  event.preventDefault();
  const { value, selectionStart, selectionEnd } = event.currentTarget;
  return (
    value.slice(0, selectionStart ?? value.length) +
    host +
    value.slice(selectionEnd ?? value.length)
  );
}
