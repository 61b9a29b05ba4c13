/**
 * The log filter of `GET /apps/{app_id}/logs` as the store answers it: what a query asks for,
 * already normalized by the route (logs/routes/log-query-params.ts reads the raw query string into it,
 * with every rule of the parameters). Times are integer microseconds: `sinceUs` inclusive,
 * `beforeUs` exclusive; `q` without `since` searches only the 24 h before `before`/now.
 */
import { LOG_SEARCH_WINDOW_SECONDS } from '../../../contract/schemas/app-log';
import type { LogFieldCondition } from '../../../contract/schemas/log-field-condition';
import type { JobPattern } from './app-log-job-pattern';

export const US_PER_SECOND = 1_000_000;
export const SEARCH_WINDOW_US = LOG_SEARCH_WINDOW_SECONDS * US_PER_SECOND;

export interface LogSearch {
  /** Lower-cased words and phrases; each must occur in the entry's search text. */
  terms: string[];
  /** Ranks from `level:NAME` tokens; an entry must have every one (two different: nothing). */
  exactLevels: number[];
  /** Rank from `level>=NAME` tokens (the highest of them): that level and worse, as `level`. */
  minLevel?: number;
}

export interface LogFilter {
  sinceUs?: number;
  beforeUs?: number;
  /** Minimum level rank (index in LOG_LEVELS). */
  minLevel?: number;
  /** `job` (the spec's parameter): exact, or with `jobMatch` a pattern. */
  job?: string;
  /**
   * `job_match=prefix|contains` (decision 052): `job` is a pattern, which the statement that reads
   * turns into the names it stands for (app-log-job-pattern.ts; issue 42).
   */
  jobMatch?: 'prefix' | 'contains';
  limit: number;
  search?: LogSearch;
  /** Exact conditions on `data`'s top-level keys (`where`, `where_not`; decision 055). */
  fields?: LogFieldCondition[];
}

/** Smallest integer µs `u` with `u / 1e6 >= seconds` (float comparison, as the spec's `t`). */
export function lowerBoundUs(seconds: number): number {
  let us = Math.round(seconds * US_PER_SECOND);
  while (us / US_PER_SECOND < seconds) us += 1;
  while ((us - 1) / US_PER_SECOND >= seconds) us -= 1;
  return us;
}

/** The filter's job pattern (`job` with `job_match`), or undefined for an exact job or none. */
export function jobPatternOf(filter: Pick<LogFilter, 'job' | 'jobMatch'>): JobPattern | undefined {
  const { job, jobMatch } = filter;
  return job === undefined || jobMatch === undefined ? undefined : { pattern: job, mode: jobMatch };
}
