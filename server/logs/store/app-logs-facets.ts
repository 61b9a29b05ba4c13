/**
 * Field facets of an app's log (issue 30, decision 053): the newest `cap` entries of a window that
 * match the log query's filters, counted here. Reading a sample rather than the whole window is
 * what keeps the cost bounded on a large log; the answer says so (`capped`).
 *
 * The budget covers all of the work, not only the SQL (issue 42, decision 059): the rows are read
 * a few at a time, newest first, and parsed and counted one entry at a time with a turn of the
 * event loop whenever a slice of work is spent; the sample also stops at LOG_FACETS_BYTES_MAX
 * bytes of `data` (large values read for the sample's rows only: app-logs-facet-sample.ts), and
 * at most LOG_FACETS_FIELDS_TRACKED different names are counted. Past the time budget the answer
 * is a 503 `too_slow`.
 */
import type { Kysely } from 'kysely';
import {
  isFacetFieldName,
  LOG_FACET_VALUE_MAX,
  LOG_FACETS_BYTES_MAX,
  LOG_FACETS_FIELDS_TRACKED,
  type LogFacetCount,
  type LogFacets,
} from '../../../contract/schemas/app-log-facets';
import type { Database } from '../../database/schema';
import { SEARCH_TIME_BUDGET_MS } from './app-logs-read';
import { visitFacetSample, type FacetSample } from './app-logs-facet-sample';
import { SearchBudgetExhausted } from '../../database/search-budget-exhausted';
import type { LogFilter } from './app-logs-filter';
import { walkTooSlow, WALK_TIME_BUDGET_MS } from './app-logs-walk';
import { outOfTime, workSlices, type WorkSlices } from './work-slices';
import { memberTextAt, scanMembers, SCAN_DONE } from './json-members';

export interface FacetQuery {
  /** The log filter; its `limit` is ignored (the cap is). */
  filter: LogFilter;
  /** The window, µs: `lowUs` inclusive, `highUs` exclusive. */
  lowUs: number;
  highUs: number;
  field: string | null;
  cap: number;
  limit: number;
  /** Time the read may take without `q`, ms (LogReadLimits; default WALK_TIME_BUDGET_MS). */
  walkTimeBudgetMs?: number;
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

/**
 * Field and value counts, added to one entry at a time. An entry's keys are found by scanning its
 * JSON text (json-members.ts), not by parsing it: only the asked field's value is parsed.
 */
/** Members of one entry counted between two looks at the clock. */
const MEMBERS_PER_PART = 2000;

export class FacetCounter {
  private readonly fields = new Map<string, number>();
  private readonly values = new Map<string, number>();
  private readonly path: readonly string[];

  constructor(field: string | null) {
    this.path = field === null ? [] : field.split('.');
  }

  /**
   * Counts one entry's `data` JSON text (anything but an object counts nothing), a part of its
   * members at a time, with a turn of the event loop whenever a slice of work is spent.
   */
  async add(text: string, slices?: WorkSlices, deadline = Infinity): Promise<void> {
    const fields = this.fields;
    const first = this.path[0];
    let start = -1;
    let end = -1;
    const visit = (key: string, valueStart: number, valueEnd: number) => {
      const count = fields.get(key);
      if (count !== undefined) fields.set(key, count + 1);
      // A name the field parameter would refuse or read as a path is not offered.
      else if (fields.size < LOG_FACETS_FIELDS_TRACKED && isFacetFieldName(key)) fields.set(key, 1);
      if (key === first) {
        start = valueStart;
        end = valueEnd;
      }
    };
    let at = 0;
    for (;;) {
      at = scanMembers(text, at, MEMBERS_PER_PART, visit);
      if (at < 0) break;
      if (slices) await slices.turnWhenSpent(deadline);
    }
    if (at !== SCAN_DONE || start < 0) return;
    const valueText = memberTextAt(text.slice(start, end), this.path.slice(1));
    const opening = valueText?.charCodeAt(0);
    // Objects and arrays are no facet value; a scalar's text is small to parse.
    if (valueText === undefined || opening === 0x7b || opening === 0x5b) return;
    const value = facetText(JSON.parse(valueText));
    if (value !== undefined) this.values.set(value, (this.values.get(value) ?? 0) + 1);
  }

  result(limit: number): Pick<LogFacets, 'fields' | 'values'> {
    return { fields: topCounts(this.fields, limit), values: topCounts(this.values, limit) };
  }
}

/** The facets of `datas` (the entries' `data` JSON texts). Pure, for tests. */
export function countFacets(
  datas: readonly string[],
  field: string | null,
  limit: number,
): Pick<LogFacets, 'fields' | 'values'> {
  const counter = new FacetCounter(field);
  // Without slices `add` never awaits: it has counted when it returns.
  for (const text of datas) void counter.add(text);
  return counter.result(limit);
}

/** Rows of the window in the sample: read a chunk at a time, sized (app-logs-facet-sample.ts). */
export async function logFacets(
  db: Kysely<Database>,
  appId: number,
  query: FacetQuery,
): Promise<LogFacets> {
  // With `q` the budget and its 400 are a search's, as before; without, a walk's 503.
  const search = query.filter.search !== undefined;
  const timeBudgetMs = search
    ? SEARCH_TIME_BUDGET_MS
    : (query.walkTimeBudgetMs ?? WALK_TIME_BUDGET_MS);
  const deadline = Date.now() + timeBudgetMs;
  const { sinceUs: _since, beforeUs: _before, ...rest } = query.filter;
  const counter = new FacetCounter(query.field);
  const slices = workSlices();
  let sample: FacetSample;
  try {
    // Newest first; the event loop gets a turn between statements and whenever a slice of
    // parsing is spent. Large values are read for the sample's rows only (issue 42).
    sample = await visitFacetSample(
      db,
      appId,
      { ...rest, limit: query.cap },
      { lowUs: query.lowUs, highUs: query.highUs },
      { cap: query.cap, maxBytes: LOG_FACETS_BYTES_MAX },
      deadline,
      (data) => counter.add(data, slices, deadline),
    );
  } catch (error) {
    if (!outOfTime(db, error)) throw error;
    throw search
      ? new SearchBudgetExhausted(timeBudgetMs)
      : walkTooSlow(query.filter, timeBudgetMs);
  }
  const { scanned, capped } = sample;
  return { field: query.field, scanned, cap: query.cap, capped, ...counter.result(query.limit) };
}
