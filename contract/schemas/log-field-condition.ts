import { z } from 'zod';

/**
 * An exact condition on a top-level field of a log entry's `data` (issue 30, decision 055):
 * `where=status:500` keeps the entries whose `data.status` reads `500`, `where_not=status:500`
 * keeps every other entry (those without the key too). A value reads as the facets route reports
 * it: strings bare, numbers and booleans as JSON writes them, `null`. The text is split at its
 * first colon, so a key cannot hold one; the value can. Shared by the service (which parses and
 * applies it) and the dashboard (which writes it into the address and the query).
 */

/** At most this many conditions (`where` and `where_not` together) per query. */
export const LOG_FIELD_CONDITIONS_MAX = 5;
export const LOG_FIELD_KEY_MAX = 100;
export const LOG_FIELD_VALUE_MAX = 500;

export interface LogFieldCondition {
  /** A top-level key of `data`. */
  key: string;
  /** The value as text, as the facets route reports it. */
  value: string;
  /** True: keep the entries whose value is NOT this one (`where_not`). */
  exclude: boolean;
}

/** `key:value` → the key and value, or null when there is no colon or no key. */
export function splitFieldCondition(text: string): { key: string; value: string } | null {
  const colon = text.indexOf(':');
  if (colon <= 0) return null;
  return { key: text.slice(0, colon), value: text.slice(colon + 1) };
}

/** The parameter text of a condition: `key:value`. */
export function fieldConditionText(condition: Pick<LogFieldCondition, 'key' | 'value'>): string {
  return `${condition.key}:${condition.value}`;
}

/** True when a key can be written in a condition (no colon, within the bound, not empty). */
export function isConditionKey(key: string): boolean {
  return key !== '' && !key.includes(':') && key.length <= LOG_FIELD_KEY_MAX;
}

/**
 * A `data` value as a condition compares it: strings bare, numbers, booleans and null as JSON
 * writes them; objects, arrays and a missing key have no text (they never equal a condition).
 * Unlike the facets' text it is never shortened.
 */
export function fieldValueText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
    return JSON.stringify(value);
  }
  return undefined;
}

/** The value of a top-level `key` of `data`, or undefined when `data` has no such own key. */
export function topLevelValue(data: unknown, key: string): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  return Object.hasOwn(data, key) ? (data as Record<string, unknown>)[key] : undefined;
}

/** Whether an entry's `data` satisfies a condition: the in-memory rule the SQL follows. */
export function matchesFieldCondition(data: unknown, condition: LogFieldCondition): boolean {
  const matched = fieldValueText(topLevelValue(data, condition.key)) === condition.value;
  return condition.exclude ? !matched : matched;
}

/** A list of `key:value` conditions within the bounds (a saved view's `where`, `where_not`). */
export const fieldConditionsSchema = z
  .array(
    z.string().refine(
      (text) => {
        const parts = splitFieldCondition(text);
        return (
          parts !== null &&
          !text.includes('\u0000') &&
          parts.key.length <= LOG_FIELD_KEY_MAX &&
          parts.value.length <= LOG_FIELD_VALUE_MAX
        );
      },
      `key:value, a key of at most ${String(LOG_FIELD_KEY_MAX)} characters and a value of at most ${String(LOG_FIELD_VALUE_MAX)}`,
    ),
  )
  .max(LOG_FIELD_CONDITIONS_MAX);
