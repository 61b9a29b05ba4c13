// Building blocks of the wire schemas: what the dashboard accepts from any server of the spec.
// The spec shows no field as required (section 2), so every value the dashboard can do without
// becomes `null` (or an empty list or text) when it is missing, null or of an unusable type,
// and parsing never fails for it. Only what identifies a thing is required: see each resource.
// Each tolerant field is `z.unknown().optional()` then a transform: without `.optional()`, zod 4
// reports a missing key as an issue before the transform can turn it into null.
import { z } from 'zod';

/** An identifier: a string, or a number some servers send instead. */
export const wireIdSchema = z.union([z.string(), z.number()]).transform(String);

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Optional text: null when missing, null or not text (numbers become text). */
export const wireTextSchema = z.unknown().optional().transform(textOf);

/** Optional yes/no: also `"true"`/`"false"` and 1/0; null when missing or anything else. */
export const wireBooleanSchema = z
  .unknown()
  .optional()
  .transform((value): boolean | null => {
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 1) return true;
    if (value === 'false' || value === 0) return false;
    return null;
  });

// Dates beyond ±100,000,000 days are invalid in JavaScript (`toISOString` throws).
const MAX_DATE_MS = 8.64e15;
const DATE_TIME_WITHOUT_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * Any usable date-time as ISO 8601 in UTC (`…Z`), or null. Accepts any offset, no fractions,
 * a space for the `T`, and epoch numbers (seconds, or milliseconds when that large). A date-time
 * without an offset is taken as UTC, not as the browser's local time.
 */
export function toIsoDateTime(value: unknown): string | null {
  let ms = Number.NaN;
  if (typeof value === 'number') {
    ms = Math.abs(value) < 1e11 ? value * 1000 : value;
  } else if (typeof value === 'string') {
    const text = value.trim();
    ms = Date.parse(DATE_TIME_WITHOUT_OFFSET.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  }
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_DATE_MS) return null;
  return new Date(ms).toISOString();
}

/** Optional date-time, normalised by toIsoDateTime; null when missing or unreadable. */
export const wireDateTimeSchema = z.unknown().optional().transform(toIsoDateTime);

/**
 * Optional list: empty when missing or not a list. Items that do not parse (a string where an
 * object belongs) are left out rather than failing the whole answer.
 */
export function wireListSchema<T extends z.ZodType>(item: T) {
  return z
    .unknown()
    .optional()
    .transform((value): Array<z.output<T>> =>
      Array.isArray(value)
        ? value.flatMap((entry) => {
            const parsed = item.safeParse(entry);
            return parsed.success ? [parsed.data] : [];
          })
        : [],
    );
}

/** A list of text (scopes, compile errors, purpose names); numbers become text. */
export const wireTextListSchema = z
  .unknown()
  .optional()
  .transform((value): string[] =>
    Array.isArray(value) ? value.map(textOf).filter((entry) => entry !== null) : [],
  );

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Free-form JSON object (`object` in the spec); null when missing or not an object. */
export const wireJsonObjectSchema = z
  .unknown()
  .optional()
  .transform((value) => (isPlainObject(value) ? value : null));

/** Localized text (locale → text): entries that are not text are left out; empty when missing. */
export const wireLocalizedTextSchema = z
  .unknown()
  .optional()
  .transform((value): Record<string, string> =>
    isPlainObject(value)
      ? Object.fromEntries(
          Object.entries(value).filter((entry): entry is [string, string] => {
            return typeof entry[1] === 'string';
          }),
        )
      : {},
  );
