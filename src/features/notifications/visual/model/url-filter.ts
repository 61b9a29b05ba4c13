/**
 * Which attributes of a template the canvas may set on its DOM. The canvas sets every value with
 * `setAttribute`, entities already decoded (text-source's `decodeText`), so what is checked here
 * is exactly what the browser's URL parser is given. That parser (WHATWG URL) strips leading and
 * trailing C0 controls and spaces, removes every ASCII tab and newline anywhere, and reads the
 * scheme case-insensitively: `java&#9;script:`, ` JaVa\nScRiPt:` and `\x01javascript:` are all
 * `javascript:`. So the check normalises the same way, and then allows a short list of schemes
 * rather than refusing a list of bad ones.
 */

/** Attributes whose value the browser fetches or navigates to (on any element, SVG included). */
const URL_ATTRIBUTES = new Set([
  'href',
  'xlink:href',
  'src',
  'srcset',
  'imagesrcset',
  'action',
  'formaction',
  'poster',
  'background',
  'lowsrc',
  'dynsrc',
  'ping',
  'cite',
  'longdesc',
  'data',
  'codebase',
  'manifest',
  'icon',
]);

/** Attributes that take a list of URL candidates (`url 2x, url 640w`). */
const LIST_ATTRIBUTES = new Set(['srcset', 'imagesrcset']);

/** Where an image is drawn from: a `data:image/…` URL is safe there (it is only ever a picture). */
const IMAGE_ATTRIBUTES = new Set([
  'src',
  'srcset',
  'imagesrcset',
  'poster',
  'background',
  'lowsrc',
]);

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel', 'sms', 'cid']);

/** The string the WHATWG URL parser reads from an attribute value. */
export function normaliseUrl(value: string): string {
  // C0 control or space, at either end; ASCII tab or newline, anywhere (URL standard, "basic URL parser").
  // eslint-disable-next-line no-control-regex -- these control characters are the point
  return value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

/** The URL's scheme, lower-cased, or null for a relative URL (which stays on the page's origin). */
export function urlScheme(value: string): string | null {
  const match = /^([a-z][a-z\d+.-]*):/i.exec(normaliseUrl(value));
  return match?.[1] ? match[1].toLowerCase() : null;
}

/** Whether one URL may be set on `name`: relative, a web or mail address, or an image's data. */
export function safeUrl(name: string, value: string): boolean {
  const scheme = urlScheme(value);
  if (scheme === null || SAFE_SCHEMES.has(scheme)) return true;
  return (
    scheme === 'data' && IMAGE_ATTRIBUTES.has(name) && /^data:image\//i.test(normaliseUrl(value))
  );
}

/**
 * The URLs of a `srcset`: each comma-separated candidate's first word. Tabs and newlines are
 * dropped first, as the URL parser would drop them: stricter than the srcset parser (which splits
 * on them), so `java<tab>script:` is refused either way.
 */
function candidates(value: string): string[] {
  return value
    .split(',')
    .map((candidate) => normaliseUrl(candidate).split(/[\f ]+/)[0] ?? '')
    .filter((url) => url !== '');
}

/**
 * Safe to set on the canvas: no event handler, no `srcdoc`, and every URL the attribute holds is
 * one `safeUrl` allows. `name` may come in any case (`ONCLICK`): the DOM lower-cases it.
 */
export function safeAttribute(rawName: string, value: string): boolean {
  const name = rawName.toLowerCase();
  if (name.startsWith('on') || name === 'srcdoc' || name === 'http-equiv') return false;
  if (!URL_ATTRIBUTES.has(name)) return true;
  if (LIST_ATTRIBUTES.has(name)) return candidates(value).every((url) => safeUrl(name, url));
  return safeUrl(name, value);
}

/** An `http:` address: browsers (and this dashboard's CSP) do not load it into a secure page. */
export function isInsecureUrl(value: string): boolean {
  return urlScheme(value) === 'http';
}

/** What the canvas and the preview show in place of an `http:` image. */
export function insecureImageNote(src: string): string {
  return `Image not shown: ${src} is an http: address, which browsers and many mail apps block. Use https:.`;
}
