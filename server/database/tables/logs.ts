// The logs wing's tables (server/logs/, docs/logs.md): the entries, their per-minute rollup and
// the saved views (issue 30, migration 015, decision 053).
// Types only; the Database they make up is in ../schema.ts.
import type { Generated } from 'kysely';

/**
 * The `app_logs` table. Rows are shaped for the hot read path: `data` and `context` are kept
 * as the JSON text the response is built from, so a page of entries is written by string
 * concatenation instead of parse + stringify per entry.
 */
export interface AppLogsTable {
  /** Autoincrement row id; exposed as a fixed-width string so ids sort as text and as numbers. */
  id: Generated<number>;
  /** `apps.id`; cascades on delete. */
  app_id: number;
  /**
   * Commit time in integer microseconds since the epoch, strictly increasing per app. The API's
   * float `time` is `time_us / 1e6`, which round-trips exactly through JSON.
   */
  time_us: number;
  /** Rank of the level in LOG_LEVELS (debug = 0 … unknown = 5), so "at least" is a range. */
  level: number;
  /** `context.job.name` when it is a string, else null: the `job` filter's indexed column. */
  job: string | null;
  /** JSON text of `data` (an object, or a JSON string literal when data is a string). */
  data: string;
  /** JSON text of `context`, or null. */
  context: string | null;
  /** Producer's event time as an ISO 8601 UTC string (defaults to the commit time). */
  created_at: string;
  /** Lower-cased text of data and context that `q` is matched against (searchText, server/logs/store/app-logs-rows.ts). */
  search: string;
}

/**
 * The `app_log_minutes` rollup (migration 005, app-logs-rollup.ts): how many of an app's entries
 * of one level fall into one minute, in all and per job. Written with the rows, in the same
 * transactions.
 */
export interface AppLogMinutesTable {
  app_id: number;
  /** '' counts every entry; '=' and a job's name counts that job's entries (jobKey()). */
  job_key: string;
  /** The minute's first µs (a multiple of 60,000,000). */
  minute_us: number;
  /** Rank of the level, as `app_logs.level`. */
  level: number;
  entries: number;
  /** Their stored size: the length of `data`, `context` and `search` (migration 011, rowBytes). */
  bytes: number;
}

export interface LogViewsTable {
  id: Generated<number>;
  site_id: string;
  user_id: number;
  /** The app key the view is for; null: any app of the site. */
  app_id: string | null;
  name: string;
  /** JSON of the LogViewQuery. */
  query: string;
  version: number;
  created_at: string;
  updated_at: string;
}
