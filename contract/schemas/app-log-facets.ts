import { z } from 'zod';

/**
 * `GET /apps/{app_id}/logs/facets` (issue 30, decision 053; our extension): for the log query's
 * window and filters, the fields of the entries' `data` object and, for one `field`, its top
 * values with their counts. Bounded: only the newest LOG_FACETS_SCAN_CAP matching entries are
 * read (`scanned`; `capped` says there may be more), within the time budget of a search.
 */
export const LOG_FACETS_SCAN_CAP = 2000;
/**
 * Most bytes of entries' `data` JSON one facets answer parses (issue 42): the sample stops at the
 * entry that reaches it (`capped`), so a few very wide entries cost what 2,000 small ones do.
 */
export const LOG_FACETS_BYTES_MAX = 8 * 1024 * 1024;
/** Most different field names counted: names first seen after this many are not counted. */
export const LOG_FACETS_FIELDS_TRACKED = 5000;
export const LOG_FACETS_LIMIT_DEFAULT = 10;
export const LOG_FACETS_LIMIT_MAX = 50;
/** A field path: names of `data`'s keys joined by dots (`status`, `http.status`). */
export const LOG_FACET_FIELD_MAX = 100;

/**
 * Whether a top-level key of `data` can be asked for as the facets' `field` as it is: not empty,
 * no white space and no dot (the parameter is trimmed, and reads a dot as a path), no NUL, at most
 * LOG_FACET_FIELD_MAX characters. Facets list only such names (issue 42).
 */
export function isFacetFieldName(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= LOG_FACET_FIELD_MAX &&
    !key.includes('\u0000') &&
    /^[^.\s]+$/.test(key)
  );
}

/** A value longer than this is counted under its first characters and "…". */
export const LOG_FACET_VALUE_MAX = 200;

export const logFacetCountSchema = z.object({
  /** A field name, or a value as text (numbers and booleans as JSON writes them, null as `null`). */
  value: z.string(),
  count: z.number().int(),
});
export type LogFacetCount = z.infer<typeof logFacetCountSchema>;

export const logFacetsSchema = z.object({
  /** The field asked for, or null when only the field names were asked. */
  field: z.string().nullable(),
  /** The entries read: the newest matching ones of the window, at most `cap`. */
  scanned: z.number().int(),
  cap: z.number().int(),
  /** True when the window may hold more matching entries than were read. */
  capped: z.boolean(),
  /** Top-level keys of `data` among the scanned entries, most frequent first. */
  fields: z.array(logFacetCountSchema),
  /** The field's top values among the scanned entries that have it, most frequent first. */
  values: z.array(logFacetCountSchema),
});
export type LogFacets = z.infer<typeof logFacetsSchema>;
