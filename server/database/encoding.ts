/**
 * How domain values are stored, in one place for every repository: booleans as 0/1 integers and
 * lists/objects as JSON text (the same on every engine; see docs/decisions/009). Nothing outside
 * `server/database/` sees either encoding.
 */

/** A boolean column's stored value. */
export function flag(value: boolean): number {
  return value ? 1 : 0;
}

/** A stored boolean column's value. */
export function isSet(stored: number): boolean {
  return stored === 1;
}

/** A list or object column's stored value. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value);
}

/** A JSON text column's value, with a fallback for a missing or damaged value. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Current time as the service stores and emits it: ISO 8601 UTC with milliseconds. */
export function nowIso(): string {
  return new Date().toISOString();
}
