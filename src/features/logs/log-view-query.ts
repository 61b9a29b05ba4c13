/**
 * A saved view's query ↔ the logs page's URL search (issue 30). Pure. A custom range's bounds
 * are kept as ISO 8601 in the view (the URL may hold epoch seconds or ISO), so a view reads the
 * same wherever it is applied; the view's range is relative ("last hour") unless it is custom.
 */
import type { LogViewQuery } from '../../../contract/schemas/log-view';
import { effectiveRange } from './log-range';
import type { LogsSearch } from './search-params';

function isoOf(bound: number | string | undefined): string | undefined {
  if (bound === undefined || bound === '') return undefined;
  const date = typeof bound === 'number' ? new Date(bound * 1000) : new Date(bound);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function text(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** The query a view saves from the current URL (no empty fields). */
export function viewQueryOfSearch(search: LogsSearch): LogViewQuery {
  const query: LogViewQuery = { range: effectiveRange(search) };
  const q = text(search.q);
  if (q) query.q = q;
  if (search.level) query.level = search.level;
  const job = text(search.job);
  if (job) query.job = job;
  if (job && search.job_match) query.job_match = search.job_match;
  if (search.where?.length) query.where = search.where;
  if (search.where_not?.length) query.where_not = search.where_not;
  if (query.range === 'custom') {
    const since = isoOf(search.since);
    const before = isoOf(search.before);
    if (since) query.since = since;
    if (before) query.before = before;
  }
  return query;
}

/** The search patch that applies a view: every filter it does not set is cleared. */
export function searchOfViewQuery(query: LogViewQuery): Partial<LogsSearch> {
  return {
    q: query.q,
    level: query.level,
    job: query.job,
    // `exact` is the page's default, which the URL leaves out.
    job_match: query.job && query.job_match !== 'exact' ? query.job_match : undefined,
    range: query.range === 'live' ? undefined : query.range,
    since: query.range === 'custom' ? query.since : undefined,
    before: query.range === 'custom' ? query.before : undefined,
    where: query.where?.length ? query.where : undefined,
    where_not: query.where_not?.length ? query.where_not : undefined,
  };
}

/** Whether the URL shows exactly this view's query. */
export function searchShowsView(search: LogsSearch, query: LogViewQuery): boolean {
  const current = viewQueryOfSearch(search);
  const keys = new Set([...Object.keys(current), ...Object.keys(query)]) as Set<keyof LogViewQuery>;
  for (const key of keys) {
    // A view saved as `exact` shows what the URL without a mode shows.
    if (key === 'job_match') {
      if ((query.job_match ?? 'exact') !== (current.job_match ?? 'exact')) return false;
      continue;
    }
    // Lists (the field conditions) are compared by their texts, in order.
    if (JSON.stringify(current[key]) !== JSON.stringify(query[key])) return false;
  }
  return true;
}
