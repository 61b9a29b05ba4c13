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
const decoder = new TextDecoder();

/** The value as kept in a change: itself, or cut to the byte bound with its JSON size. */
export function boundedValue(value: unknown): { value: unknown; size?: number } {
  const json = JSON.stringify(value ?? null);
  const size = encoder.encode(json).length;
  if (size <= MAX_CHANGE_VALUE_BYTES) return { value: value ?? null };
  // A string stays a string (its first bytes, never half a character); anything else becomes
  // the first bytes of its JSON text, so the reader still sees what it was.
  const text = typeof value === 'string' ? value : json;
  const bytes = encoder.encode(text).subarray(0, MAX_CHANGE_VALUE_BYTES);
  return { value: decoder.decode(bytes).replace(/\uFFFD$/u, ''), size };
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
