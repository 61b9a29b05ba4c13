/**
 * The job names of an app's log (decision 052): read from the minute rollup's job keys, one index
 * seek per name (a loose index scan of (app_id, job_key, …), the same on both engines), so the
 * cost is the number of names, never the number of entries. Used by the job suggestions and to
 * turn a `job_match=prefix|contains` filter into the names it stands for.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../database/schema';
import { badRequest } from '../../http/errors';
import {
  LOG_JOB_MATCH_MAX_NAMES,
  LOG_JOB_SCAN_MAX,
  type LogJobMatch,
} from '../../../contract/schemas/app-log-find';
import { US_PER_SECOND, type LogFilter } from './app-logs-filter';

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
    if (last.startsWith(JOB_KEY_MARK)) names.push(last.slice(JOB_KEY_MARK.length));
  }
}

/** Whether `name` matches `pattern` in `mode` (prefix and contains ignore case). */
export function jobMatches(name: string, pattern: string, mode: LogJobMatch): boolean {
  if (mode === 'exact') return name === pattern;
  const lower = name.toLowerCase();
  const wanted = pattern.toLowerCase();
  return mode === 'prefix' ? lower.startsWith(wanted) : lower.includes(wanted);
}

/**
 * The names a `job_match` filter stands for. More than LOG_JOB_MATCH_MAX_NAMES, or an app with
 * more names than the scan reads, is a 400 on `job`: each name is a walk of its own (bounded), so
 * the filter must stay a handful of names.
 */
export async function resolveJobPattern(
  db: Kysely<Database>,
  appId: number,
  pattern: string,
  mode: Exclude<LogJobMatch, 'exact'>,
): Promise<string[]> {
  const { names, truncated } = await logJobNames(db, appId);
  const matched = names.filter((name) => jobMatches(name, pattern, mode));
  if (truncated || matched.length > LOG_JOB_MATCH_MAX_NAMES) {
    throw badRequest(
      'job',
      `"job" with job_match=${mode} matches more than ${String(LOG_JOB_MATCH_MAX_NAMES)} job ` +
        'names; type more of the name, or use an exact job',
      { resource: 'log', code: 'too_many', value: pattern },
    );
  }
  return matched;
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

/**
 * A parsed filter with a `job_match` pattern → the same filter with the names it stands for
 * (`jobs`), which is what the store reads; any other filter as it is. Each request resolves
 * again, so a job that starts logging is matched from the next request on.
 */
export async function withJobNames<F extends Pick<LogFilter, 'job' | 'jobMatch' | 'jobs'>>(
  db: Kysely<Database>,
  appId: number,
  filter: F,
): Promise<F> {
  const { jobMatch, job } = filter;
  if (jobMatch === undefined || job === undefined) return filter;
  const resolved = { ...filter, jobs: await resolveJobPattern(db, appId, job, jobMatch) };
  delete resolved.job;
  delete resolved.jobMatch;
  return resolved;
}
