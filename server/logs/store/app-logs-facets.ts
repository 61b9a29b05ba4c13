/**
 * Field facets of an app's log (issue 30, decision 053): the newest `cap` entries of a window that
 * match the log query's filters, read in one statement with the time budget of a search, then
 * counted here. Reading a sample rather than the whole window is what keeps the cost bounded on
 * a large log; the answer says so (`capped`).
 */
import type { Kysely } from 'kysely';
import {
  LOG_FACET_VALUE_MAX,
  type LogFacetCount,
  type LogFacets,
} from '../../../contract/schemas/app-log-facets';
import type { Database } from '../../database/schema';
import { searchTooSlow, selectLogs, SEARCH_TIME_BUDGET_MS } from './app-logs-read';
import type { LogFilter } from './app-logs-filter';

export interface FacetQuery {
  /** The log filter; its `limit` is ignored (the cap is). */
  filter: LogFilter;
  /** The window, µs: `lowUs` inclusive, `highUs` exclusive. */
  lowUs: number;
  highUs: number;
  field: string | null;
  cap: number;
  limit: number;
}

/** The value at a dotted path of `data`, or undefined when it is not there. */
export function valueAt(data: unknown, path: string): unknown {
  let value: unknown = data;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    if (!Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A value as the facet counts it: scalars as JSON writes them (strings bare), else undefined. */
export function facetText(value: unknown): string | undefined {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
    text = JSON.stringify(value);
  } else return undefined;
  return text.length > LOG_FACET_VALUE_MAX ? `${text.slice(0, LOG_FACET_VALUE_MAX)}…` : text;
}

/** Counts, most frequent first, ties by value; the first `limit`. */
export function topCounts(counts: ReadonlyMap<string, number>, limit: number): LogFacetCount[] {
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, limit);
}

/** The facets of `datas` (the entries' `data` JSON texts). Pure, for the route and its tests. */
export function countFacets(
  datas: readonly string[],
  field: string | null,
  limit: number,
): Pick<LogFacets, 'fields' | 'values'> {
  const fields = new Map<string, number>();
  const values = new Map<string, number>();
  for (const text of datas) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      continue;
    }
    if (data === null || typeof data !== 'object' || Array.isArray(data)) continue;
    for (const key of Object.keys(data)) fields.set(key, (fields.get(key) ?? 0) + 1);
    if (field === null) continue;
    const value = facetText(valueAt(data, field));
    if (value !== undefined) values.set(value, (values.get(value) ?? 0) + 1);
  }
  return { fields: topCounts(fields, limit), values: topCounts(values, limit) };
}

export async function logFacets(
  db: Kysely<Database>,
  appId: number,
  query: FacetQuery,
): Promise<LogFacets> {
  // Without `since` in the filter the statement reads newest first: the newest `cap + 1` of the
  // window (one more than the cap tells whether there were more).
  const { sinceUs: _since, beforeUs: _before, ...rest } = query.filter;
  const rows = await selectLogs(
    db,
    appId,
    { ...rest, limit: query.cap + 1 },
    {
      range: { lowUs: query.lowUs, highUs: query.highUs },
      deadline: Date.now() + SEARCH_TIME_BUDGET_MS,
    },
  )
    .execute()
    .catch(searchTooSlow(db, SEARCH_TIME_BUDGET_MS));
  const read = rows.slice(0, query.cap);
  return {
    field: query.field,
    scanned: read.length,
    cap: query.cap,
    capped: rows.length > query.cap,
    ...countFacets(
      read.map((row) => row.data),
      query.field,
      query.limit,
    ),
  };
}
