import * as z from 'zod/mini';
import { logLevelNamed, type LogLevel } from '../../../contract/schemas/log-levels';
import { searchText } from '../../lib/search-serialization';

function listFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return [value];
  }
}

/**
 * A `where` / `where_not` parameter (decision 055): a list of `key:value` texts; anything else is
 * dropped. The router writes a list as JSON text and reads it back as text (search-serialization
 * keeps text as text), so the text is read as the list again. Kept apart from
 * field-conditions.ts, which only the Logs page's chunk loads: this schema is in the router's.
 */
const fieldConditionsParam = z.catch(
  z.optional(
    z.pipe(
      z.pipe(z.transform(listFromText), z.array(z.string())),
      z.transform((texts) => texts.filter((text) => text.indexOf(':') > 0)),
    ),
  ),
  undefined,
);

/** An optional parameter that is dropped, not an error, when it does not parse. */
function optionalParam<T extends z.core.$ZodType>(schema: T) {
  return z.catch(z.optional(schema), undefined);
}

/** A level in any case, or `warning` (the contract's logLevelNameSchema, in zod/mini). */
const levelParam = z.pipe(
  z.string(),
  z.transform((value, context): LogLevel => {
    const level = logLevelNamed(value);
    if (level !== null) return level;
    context.issues.push({ code: 'custom', message: 'Not a log level', input: value });
    return z.NEVER;
  }),
);

/** URL search parameters of `/apps/$key/logs`: every filter, so a link can be shared. */
export const logsSearchSchema = z.object({
  // Any case and `warning`, as the service reads it: a hand-typed link keeps its filter.
  level: optionalParam(levelParam),
  job: searchText,
  /** How `job` matches (decision 052): absent is the exact name. */
  job_match: optionalParam(z.enum(['prefix', 'contains'])),
  q: searchText,
  /** Exact field conditions (decision 055): `key:value` texts to keep, and to filter out. */
  where: fieldConditionsParam,
  where_not: fieldConditionsParam,
  /** `live` (default), `15m`, `1h`, `24h`, `7d` or `custom` (then since/before). */
  range: optionalParam(z.enum(['live', '15m', '1h', '24h', '7d', 'custom'])),
  since: optionalParam(z.union([z.number(), z.string()])),
  before: optionalParam(z.union([z.number(), z.string()])),
  /** Id of an entry to open the viewer at (copy-link); a hand-typed `entry=42` arrives as a number. */
  entry: optionalParam(z.union([z.string(), z.pipe(z.number(), z.transform(String))])),
  /** `time` of that entry, so the viewer can load around it. */
  at: optionalParam(z.number()),
  utc: optionalParam(z.boolean()),
  /** Times as "12 s ago" rather than the date and time. */
  relative: optionalParam(z.boolean()),
});
export type LogsSearch = z.infer<typeof logsSearchSchema>;
