/**
 * The job names of an app's log (decision 052): read from the minute rollup's job keys, one index
 * seek per name (a loose index scan of (app_id, job_key, …), the same on both engines), so the
 * cost is the number of names, never the number of entries. Used by the job suggestions
 * (a `job_match` filter resolves its names inside the read: app-log-job-pattern.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../database/schema';
import { LOG_JOB_SCAN_MAX, type LogJobMatch } from '../../../contract/schemas/app-log-find';
import { LOG_JOB_NAME_MAX } from '../../../contract/schemas/app-log';
import { US_PER_SECOND } from './app-logs-filter';

/** The rollup prefixes a job's name with '=' (app-logs-rollup.ts's jobKey). */
const JOB_KEY_MARK = '=';

export interface LogJobNames {
  names: string[];
  /** The app has more names than `max`: `names` are the first `max` in index order. */
  truncated: boolean;
}

/** The distinct job names of the app's stored entries, at most `max` (one seek each). */
export async function logJobNames(
  db: Kysely<Database>,
  appId: number,
  max = LOG_JOB_SCAN_MAX,
): Promise<LogJobNames> {
  const names: string[] = [];
  // '' (every entry) sorts first under any collation: start after it.
  let last = '';
  for (;;) {
    const next = await db
      .selectFrom('app_log_minutes')
      .select('job_key')
      .where('app_id', '=', appId)
      .where('job_key', '>', last)
      .orderBy('job_key')
      .limit(1)
      .executeTakeFirst();
    if (!next) return { names, truncated: false };
    if (names.length === max) return { names, truncated: true };
    last = next.job_key;
    const name = last.startsWith(JOB_KEY_MARK) ? last.slice(JOB_KEY_MARK.length) : null;
    // A name stored before names were bounded (issue 42) could be any length: it is left out, so
    // a page of names stays small (and no filter could name it: `job` takes the same bound).
    if (name !== null && name.length <= LOG_JOB_NAME_MAX) names.push(name);
  }
}

/** Whether `name` matches `pattern` in `mode` (prefix and contains ignore case). */
export function jobMatches(name: string, pattern: string, mode: LogJobMatch): boolean {
  if (mode === 'exact') return name === pattern;
  const lower = name.toLowerCase();
  const wanted = pattern.toLowerCase();
  return mode === 'prefix' ? lower.startsWith(wanted) : lower.includes(wanted);
}

/** `time` of the newest entry of `job` (epoch seconds), or null: one seek of (app_id, job, time_us). */
export async function lastSeenOf(
  db: Kysely<Database>,
  appId: number,
  job: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('app_logs')
    .select('time_us')
    .where('app_id', '=', appId)
    .where('job', '=', job)
    .orderBy('time_us', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? row.time_us / US_PER_SECOND : null;
}
