// The dark-mode preview (issue 39): the mail as a client in dark mode shows it. The frame's
// document gets `color-scheme: dark` (the client's dark canvas and default text colour), and
// its `prefers-color-scheme` media queries are emulated by rewriting them: `dark` always
// matches, `light` never does. Text given a colour without a background then shows as the
// customer sees it: dark on dark.

const DARK_CANVAS =
  '<style data-dark-preview>:root{color-scheme:dark;background:#121212;color:#e8e8e8}</style>';

/** `html` as a client in dark mode renders it. */
export function darkDocument(html: string): string {
  const emulated = html
    .replace(/prefers-color-scheme\s*:\s*dark/gi, 'min-width: 0px')
    .replace(/prefers-color-scheme\s*:\s*light/gi, 'max-width: 0px');
  // After a doctype (a style before it would put the page in quirks mode); the parser moves a
  // style before <html> into the head.
  const doctype = /^\s*<!doctype[^>]*>/i.exec(emulated);
  const at = doctype ? doctype[0].length : 0;
  return `${emulated.slice(0, at)}${DARK_CANVAS}${emulated.slice(at)}`;
}
