import { z } from 'zod';
import { logLevelNameSchema } from '../../../contract/schemas/log-levels';
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
const fieldConditionsParam = z
  .preprocess(
    listFromText,
    z.array(z.string()).transform((texts) => texts.filter((text) => text.indexOf(':') > 0)),
  )
  .optional()
  .catch(undefined);

/** URL search parameters of `/apps/$key/logs`: every filter, so a link can be shared. */
export const logsSearchSchema = z.object({
  // Any case and `warning`, as the service reads it: a hand-typed link keeps its filter.
  level: logLevelNameSchema.optional().catch(undefined),
  job: searchText,
  /** How `job` matches (decision 052): absent is the exact name. */
  job_match: z.enum(['prefix', 'contains']).optional().catch(undefined),
  q: searchText,
  /** Exact field conditions (decision 055): `key:value` texts to keep, and to filter out. */
  where: fieldConditionsParam,
  where_not: fieldConditionsParam,
  /** `live` (default), `15m`, `1h`, `24h`, `7d` or `custom` (then since/before). */
  range: z.enum(['live', '15m', '1h', '24h', '7d', 'custom']).optional().catch(undefined),
  since: z.union([z.number(), z.string()]).optional().catch(undefined),
  before: z.union([z.number(), z.string()]).optional().catch(undefined),
  /** Id of an entry to open the viewer at (copy-link); a hand-typed `entry=42` arrives as a number. */
  entry: z
    .union([z.string(), z.number().transform(String)])
    .optional()
    .catch(undefined),
  /** `time` of that entry, so the viewer can load around it. */
  at: z.number().optional().catch(undefined),
  utc: z.boolean().optional().catch(undefined),
  /** Times as "12 s ago" rather than the date and time. */
  relative: z.boolean().optional().catch(undefined),
});
export type LogsSearch = z.infer<typeof logsSearchSchema>;
