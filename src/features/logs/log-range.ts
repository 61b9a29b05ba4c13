import type { LogLevel } from '../../../contract/schemas/app-log';
import type { LogsSearch } from './search-params';

export type LogRange = NonNullable<LogsSearch['range']>;

export const RANGE_OPTIONS: ReadonlyArray<{ value: LogRange; label: string }> = [
  { value: 'live', label: 'Live' },
  { value: '15m', label: 'Last 15 minutes' },
  { value: '1h', label: 'Last hour' },
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: 'custom', label: 'Custom range' },
];

export const RANGE_SECONDS: Record<Exclude<LogRange, 'live' | 'custom'>, number> = {
  '15m': 15 * 60,
  '1h': 60 * 60,
  '24h': 24 * 60 * 60,
  '7d': 7 * 24 * 60 * 60,
};

/** The filter the engine runs with; same shape as the engine's `TailFilter`. */
export interface LogFilterValues {
  level?: LogLevel;
  job?: string;
  jobMatch?: 'prefix' | 'contains';
  q?: string;
  since?: number | string;
  before?: number | string;
  where?: string[];
  where_not?: string[];
}

/** A URL without `range` but with since/before is a custom range (e.g. a hand-edited link). */
export function effectiveRange(search: LogsSearch): LogRange {
  if (search.range) return search.range;
  return search.since !== undefined || search.before !== undefined ? 'custom' : 'live';
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * The engine filter a URL asks for. Presets are relative to `nowSeconds`, so the caller
 * computes it once when the range is chosen (not on every render, or the tail would restart).
 */
export function filterFromSearch(search: LogsSearch, nowSeconds: number): LogFilterValues {
  const filter: LogFilterValues = {};
  if (search.level) filter.level = search.level;
  const job = nonEmpty(search.job);
  if (job) filter.job = job;
  if (job && search.job_match) filter.jobMatch = search.job_match;
  const q = nonEmpty(search.q);
  if (q) filter.q = q;
  if (search.where?.length) filter.where = search.where;
  if (search.where_not?.length) filter.where_not = search.where_not;
  const range = effectiveRange(search);
  if (range === 'custom') {
    if (search.since !== undefined && search.since !== '') filter.since = search.since;
    if (search.before !== undefined && search.before !== '') filter.before = search.before;
  } else if (range !== 'live') {
    // Whole milliseconds: the value shows up in URLs and status text, and precision beyond
    // that means nothing for a "last N minutes" start.
    filter.since = Math.round((nowSeconds - RANGE_SECONDS[range]) * 1000) / 1000;
  }
  return filter;
}

/** True when the view shows a fixed window of the past instead of following live. */
export function isHistorySearch(search: LogsSearch): boolean {
  if (search.entry !== undefined && search.at !== undefined) return true;
  return effectiveRange(search) === 'custom' && search.before !== undefined && search.before !== '';
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** A time bound (epoch seconds or ISO string) as the value of an `<input type="datetime-local">`. */
export function toDateTimeLocal(bound: number | string | undefined): string {
  if (bound === undefined || bound === '') return '';
  const date = typeof bound === 'number' ? new Date(bound * 1000) : new Date(bound);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The value of a datetime-local input (local time) as epoch seconds, or undefined when empty. */
export function fromDateTimeLocal(value: string): number | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? undefined : ms / 1000;
}
