/**
 * The top-level members of an object's JSON text, found without building the object (issue 42,
 * decision 059). JSON.parse of one entry of 50,000 keys (0.8 MB) held the event loop 120 ms on the
 * shared machine, and the facets parsed every entry of their sample; a scan of the text for its
 * keys takes a few ms, and only the value a facet asks for is parsed.
 *
 * The texts are the service's own stored JSON (JSON.stringify's output), but any valid JSON text
 * is read right; a text that is not a JSON object gives false.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function skipSpace(text: string, at: number): number {
  let i = at;
  while (i < text.length && isSpace(text.charCodeAt(i))) i += 1;
  return i;
}

/** The index after the string that starts at `at` (a quote), or -1. */
function skipString(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === BACKSLASH) i += 1;
    else if (code === QUOTE) return i + 1;
  }
  return -1;
}

/** The index after the value that starts at `at`, or -1. */
function skipValue(text: string, at: number): number {
  const first = text.charCodeAt(at);
  if (first === QUOTE) return skipString(text, at);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    for (let i = at; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      if (code === QUOTE) {
        i = skipString(text, i) - 1;
        if (i < 0) return -1;
      } else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth += 1;
      else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        depth -= 1;
        if (depth === 0) return i + 1;
      }
    }
    return -1;
  }
  // A number, true, false or null: up to the next delimiter.
  let i = at;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || isSpace(code)) break;
    i += 1;
  }
  return i > at ? i : -1;
}

/** scanMembers' answers besides a place to go on from: the object ended; the text is no object. */
export const SCAN_DONE = -1;
export const SCAN_INVALID = -2;

/**
 * Calls `visit(key, valueStart, valueEnd)` for the next top-level members of the object `text`
 * holds, at most `maxMembers`, from `at` (0: the start of the text; else a place it returned).
 * Returns where to go on, SCAN_DONE when the object ended, or SCAN_INVALID for a text that is not
 * a JSON object (nothing is promised about the calls then). A caller can so give the event loop a
 * turn between two parts of a very wide object.
 */
export function scanMembers(
  text: string,
  at: number,
  maxMembers: number,
  visit: (key: string, valueStart: number, valueEnd: number) => void,
): number {
  let i = at;
  if (at === 0) {
    i = skipSpace(text, 0);
    if (text.charCodeAt(i) !== OPEN_BRACE) return SCAN_INVALID;
    i = skipSpace(text, i + 1);
    if (text.charCodeAt(i) === CLOSE_BRACE) {
      return skipSpace(text, i + 1) === text.length ? SCAN_DONE : SCAN_INVALID;
    }
  }
  for (let visited = 0; ;) {
    if (visited === maxMembers) return i;
    if (text.charCodeAt(i) !== QUOTE) return SCAN_INVALID;
    const keyEnd = skipString(text, i);
    if (keyEnd < 0) return SCAN_INVALID;
    const raw = text.slice(i + 1, keyEnd - 1);
    const key = raw.includes('\\') ? (JSON.parse(text.slice(i, keyEnd)) as string) : raw;
    i = skipSpace(text, keyEnd);
    if (text.charCodeAt(i) !== COLON) return SCAN_INVALID;
    const start = skipSpace(text, i + 1);
    const end = skipValue(text, start);
    if (end < 0) return SCAN_INVALID;
    visit(key, start, end);
    visited += 1;
    i = skipSpace(text, end);
    const code = text.charCodeAt(i);
    if (code === CLOSE_BRACE)
      return skipSpace(text, i + 1) === text.length ? SCAN_DONE : SCAN_INVALID;
    if (code !== COMMA) return SCAN_INVALID;
    i = skipSpace(text, i + 1);
  }
}

/** Every top-level member of the object `text` holds, in order; false when it is no object. */
export function forEachMember(
  text: string,
  visit: (key: string, valueStart: number, valueEnd: number) => void,
): boolean {
  let at = 0;
  do at = scanMembers(text, at, Infinity, visit);
  while (at > 0);
  return at === SCAN_DONE;
}

/**
 * The JSON text of the value at a dotted `path` of the object `text` holds (the last member of a
 * name, as JSON.parse keeps it), or undefined when it is not there.
 */
export function memberTextAt(text: string, path: readonly string[]): string | undefined {
  let current = text;
  for (const name of path) {
    let found: string | undefined;
    const inner = current;
    const isObject = forEachMember(inner, (key, start, end) => {
      if (key === name) found = inner.slice(start, end);
    });
    if (!isObject || found === undefined) return undefined;
    current = found;
  }
  return current;
}
