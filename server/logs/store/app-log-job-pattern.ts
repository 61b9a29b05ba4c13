/**
 * `job_match=prefix|contains` inside the statement that reads (issue 42): the pattern becomes a
 * subquery of the job names it stands for, which the read joins as `job in (…)`, so no name list
 * travels to the service and back and no cap on the number of names (which any member's flood of
 * names could reach) switches the filter off.
 *
 * The names come from the minute rollup's job keys by a loose index scan written as a recursive
 * CTE: one seek of the (app_id, job_key, …) primary key per different name, the same on both
 * engines, so the subquery costs the number of names, never the number of rollup rows or entries.
 * With a clock expression (the read's deadline) each step of the scan checks it, so a flood of
 * names ends in the read's 503 `too_slow`, not in a statement without end.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { LogJobMatch } from '../../../contract/schemas/app-log-find';

/** The rollup prefixes a job's name with '=' (app-logs-rollup.ts's jobKey). */
export const JOB_KEY_MARK = '=';

export type JobPatternMode = Exclude<LogJobMatch, 'exact'>;

/** A filter's job pattern: `job` and its `job_match` mode. */
export interface JobPattern {
  pattern: string;
  mode: JobPatternMode;
}

/** LIKE's wildcards and its escape character, escaped, so the pattern matches as text. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The LIKE pattern over lower-cased job keys ('=' and the name) for `pattern` in `mode`. */
export function jobKeyLike({ pattern, mode }: JobPattern): string {
  const escaped = escapeLike(pattern.toLowerCase());
  return mode === 'prefix' ? `${JOB_KEY_MARK}${escaped}%` : `${JOB_KEY_MARK}%${escaped}%`;
}

/**
 * The rollup job keys ('=' and the name) of the app's names matching the pattern: a subquery
 * (wrap it in parentheses). `inTime` (the read's deadline) is checked at every step of the scan.
 */
export function matchingJobKeys(
  appId: number,
  job: JobPattern,
  inTime: Expression<SqlBool> | null = null,
): RawBuilder<unknown> {
  const clock = inTime === null ? sql`` : sql` and ${inTime}`;
  // '' (every entry) sorts first under any collation: the scan starts after it.
  return sql`with recursive job_keys(job_key) as (
      select min(job_key) from app_log_minutes where app_id = ${appId} and job_key > ''
      union all
      select (select min(m.job_key) from app_log_minutes m
        where m.app_id = ${appId} and m.job_key > job_keys.job_key)
      from job_keys where job_keys.job_key is not null${clock}
    )
    select job_key from job_keys
    where job_key is not null and lower(job_key) like ${jobKeyLike(job)} escape '\\'`;
}

/** `column in (the matching names)`: the condition a read adds for a job pattern. */
export function jobNameMatches(
  column: RawBuilder<unknown>,
  appId: number,
  job: JobPattern,
  inTime: Expression<SqlBool> | null = null,
): RawBuilder<SqlBool> {
  return sql<SqlBool>`${column} in (select substr(matched.job_key, 2) from (${matchingJobKeys(
    appId,
    job,
    inTime,
  )}) as matched)`;
}

/**
 * For a statement of many parts (the rolled-up volume): `with matched_jobs(job_key) as (…)` to
 * put before it, so the scan runs once, and the conditions its parts add.
 */
export function matchedJobsWith(
  appId: number,
  job: JobPattern,
  inTime: Expression<SqlBool> | null = null,
): {
  with: RawBuilder<unknown>;
  keyIn: (column: RawBuilder<unknown>) => RawBuilder<SqlBool>;
  nameIn: (column: RawBuilder<unknown>) => RawBuilder<SqlBool>;
} {
  return {
    with: sql`with matched_jobs(job_key) as (${matchingJobKeys(appId, job, inTime)}) `,
    keyIn: (column) => sql<SqlBool>`${column} in (select job_key from matched_jobs)`,
    nameIn: (column) => sql<SqlBool>`${column} in (select substr(job_key, 2) from matched_jobs)`,
  };
}

/** Whether a row's job matches the pattern, in memory (a waiting tail's new rows). */
export function jobPatternMatches(name: string | null, { pattern, mode }: JobPattern): boolean {
  if (name === null) return false;
  const lower = name.toLowerCase();
  const wanted = pattern.toLowerCase();
  return mode === 'prefix' ? lower.startsWith(wanted) : lower.includes(wanted);
}
