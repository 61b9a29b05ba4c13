/**
 * A revision's `changes` (decision 048), as a pure function of a resource's writable fields
 * before and after a write: plain objects are walked and named by dotted paths
 * (`translations.nl.html`; an empty object has no fields), anything else (strings, numbers,
 * lists) is one field. Fields whose value
 * did not change are not listed; a field that exists on one side only has null on the other.
 * A value whose JSON is larger than MAX_CHANGE_VALUE_BYTES is cut, with its whole size.
 */
import { MAX_CHANGE_VALUE_BYTES, type RevisionChange } from '../../../contract/schemas/audit';

type Leaves = Map<string, unknown>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function collectLeaves(value: unknown, path: string, into: Leaves): void {
  if (isPlainObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      collectLeaves(child, path === '' ? key : `${path}.${key}`, into);
    }
    return;
  }
  if (path !== '') into.set(path, value);
}

/** JSON text with object keys sorted at every depth, so key order never makes a change. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isPlainObject(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

const encoder = new TextEncoder();

/** Bytes of one code point as JSON.stringify writes it inside a string (escapes included). */
function jsonCharBytes(codePoint: number): number {
  if (codePoint === 0x22 || codePoint === 0x5c) return 2; // \" and \\
  if (codePoint === 0x08 || codePoint === 0x09 || codePoint === 0x0a) return 2; // \b \t \n
  if (codePoint === 0x0c || codePoint === 0x0d) return 2; // \f \r
  if (codePoint < 0x20) return 6; // \u00XX
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return 6; // a lone surrogate: \uDXXX
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

/** The longest prefix of `text` (whole code points) whose JSON is at most `maxBytes` long. */
function prefixWithinJsonBytes(text: string, maxBytes: number): string {
  let bytes = 2; // the quotes
  let end = 0;
  for (const char of text) {
    bytes += jsonCharBytes(char.codePointAt(0) ?? 0);
    if (bytes > maxBytes) break;
    end += char.length;
  }
  return text.slice(0, end);
}

/**
 * The value as kept in a change: itself, or cut so that the cut's JSON is at most the byte bound
 * (issue 42: measured as JSON, where a NUL is 6 bytes and a quote 2), with its whole JSON size.
 */
export function boundedValue(value: unknown): { value: unknown; size?: number } {
  const json = JSON.stringify(value ?? null);
  const size = encoder.encode(json).length;
  if (size <= MAX_CHANGE_VALUE_BYTES) return { value: value ?? null };
  // A string stays a string (its first characters, never half a character); anything else becomes
  // the first characters of its JSON text, so the reader still sees what it was.
  const text = typeof value === 'string' ? value : json;
  return { value: prefixWithinJsonBytes(text, MAX_CHANGE_VALUE_BYTES), size };
}

/** The changed fields between two versions of a resource's fields, in path order. */
export function fieldChanges(before: unknown, after: unknown): RevisionChange[] {
  const old: Leaves = new Map();
  const now: Leaves = new Map();
  collectLeaves(before, '', old);
  collectLeaves(after, '', now);
  const fields = [...new Set([...old.keys(), ...now.keys()])].sort();
  const changes: RevisionChange[] = [];
  for (const field of fields) {
    const a = old.get(field) ?? null;
    const b = now.get(field) ?? null;
    if (canonicalJson(a) === canonicalJson(b)) continue;
    const cutBefore = boundedValue(a);
    const cutAfter = boundedValue(b);
    changes.push({
      field,
      before: cutBefore.value,
      after: cutAfter.value,
      ...(cutBefore.size === undefined ? {} : { before_size: cutBefore.size }),
      ...(cutAfter.size === undefined ? {} : { after_size: cutAfter.size }),
    });
  }
  return changes;
}
