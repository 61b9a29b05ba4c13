/**
 * A page without `q` (decision 040): the rows of an app in time order, filtered by `level`,
 * `job`, `since` and `before`, read in bounded steps.
 *
 * `level` is a minimum, so one walk of the time index in order reads every row below it: on an
 * app of info entries `level=fatal` read them all (issue 26: 14 s cold, 1.1-1.7 s warm on 610k
 * entries, on SQLite on the event loop). Here each level at or above the minimum is its own
 * range of the (app_id, level, time_us) or (app_id, job, level, time_us) index, read for at most
 * `limit` rows, and the ranges are merged in time order: at most 6 × limit rows whatever the app
 * holds. Between two statements the event loop gets a turn (better-sqlite3 is synchronous; an
 * `await` alone only runs microtasks). The query has a time budget; past it the query answers a
 * 503 `too_slow` instead of holding anything longer. A statement that may read more rows than it
 * returns (a job pattern, field conditions) carries the deadline per row; one that reads at most
 * `limit` rows of an index range in order (the plain steps, held to their plans by the EXPLAIN
 * QUERY PLAN tests) is checked after it, per batch.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { LOG_LEVELS } from '../../../contract/schemas/app-log';
import { HttpError, fieldError } from '../../http/errors';
import type { LogFilter } from './app-logs-filter';

/**
 * How long a page without `q` may take, in all. Measured pages take a few ms (BENCHMARKS.md,
 * bench:logs-filters); the budget is there for what no index foresaw, like `q`'s.
 */
export const WALK_TIME_BUDGET_MS = 2_000;

/** Seconds a client waits before it asks again after a 503 `too_slow`. */
const TOO_SLOW_RETRY_AFTER_SECONDS = 1;

/** A row of a walk: what the page needs, with its time to merge by. */
export interface WalkRow {
  time_us: number;
}

/**
 * One index range of a walk: a level (undefined: every level of the filter). A job pattern
 * (`job_match`) is not split into steps: the statement resolves it (app-log-job-pattern.ts).
 */
export interface WalkStep {
  level: number | undefined;
}

/**
 * Reads one step's rows in answer order, at most `filter.limit`, stopping at `deadline` (epoch
 * ms) with an error `timedOut` knows.
 */
export type ReadLevel<R extends WalkRow> = (step: WalkStep, deadline: number) => Promise<R[]>;

/** The levels a walk reads one by one: each at or above the minimum, or one read of them all. */
export function walkLevels(filter: LogFilter): Array<number | undefined> {
  const minLevel = filter.minLevel ?? 0;
  if (minLevel <= 0) return [undefined];
  return LOG_LEVELS.map((_name, rank) => rank).filter((rank) => rank >= minLevel);
}

/** The steps of a walk: each level of walkLevels, read for at most `limit` rows. */
export function walkSteps(filter: LogFilter): WalkStep[] {
  return walkLevels(filter).map((level) => ({ level }));
}

/** The filter's rows in answer order (ascending with `since`, else newest first), merged. */
export async function walkLogs<R extends WalkRow>(
  filter: LogFilter,
  read: ReadLevel<R>,
  timedOut: (error: unknown) => boolean,
  timeBudgetMs = WALK_TIME_BUDGET_MS,
): Promise<R[]> {
  const deadline = Date.now() + timeBudgetMs;
  const ascending = filter.sinceUs !== undefined;
  const steps = walkSteps(filter);
  let rows: R[] = [];
  try {
    for (const [index, step] of steps.entries()) {
      if (index > 0) await nextTurn();
      rows = rows.concat(await read(step, deadline));
      // A step whose statement reads at most `limit` rows of one index range in order carries no
      // per-row check (that check was a JS call per row from SQLite): the clock is read here,
      // once per such batch of rows, so a walk that ran past its budget still answers too_slow.
      if (Date.now() >= deadline) throw walkTooSlow(filter, timeBudgetMs);
    }
  } catch (error) {
    if (timedOut(error)) throw walkTooSlow(filter, timeBudgetMs);
    throw error;
  }
  if (steps.length === 1) return rows;
  rows.sort((a, b) => (ascending ? a.time_us - b.time_us : b.time_us - a.time_us));
  return rows.slice(0, filter.limit);
}

/** 503: the request is valid, the service could not answer it within its budget. */
export function walkTooSlow(
  filter: Pick<LogFilter, 'minLevel' | 'job'>,
  timeBudgetMs: number,
): HttpError {
  const field =
    filter.minLevel !== undefined ? 'level' : filter.job !== undefined ? 'job' : 'since';
  const message =
    `The log query ran past its time budget of ${String(timeBudgetMs)} ms; try again, or ` +
    'narrow it with since and before';
  return new HttpError(
    503,
    message,
    [fieldError({ resource: 'log', field, message, code: 'too_slow', value: null })],
    { 'Retry-After': String(TOO_SLOW_RETRY_AFTER_SECONDS) },
  );
}
