/**
 * A walk's step for a job pattern (`job_match`, issue 42), in one statement: the names the
 * pattern matches (app-log-job-pattern.ts's scan of the rollup), and for each of them its first
 * `limit` rows of the (app_id, job, time_us) or (app_id, job, level, time_us) index in answer
 * order, merged. So the step costs one seek and at most `limit` rows per matched name, never the
 * rows of a job with many entries, whatever the number of names (the clock of the read's deadline
 * is checked in the scan and on every row).
 *
 * PostgreSQL says "for each name, its first rows" with LATERAL. SQLite has no LATERAL: the names
 * drive the join (CROSS JOIN keeps them the outer loop) and a subquery correlated to the name
 * gives its first rows' ids, which the rowid finds.
 */
import {
  sql,
  type CompiledQuery,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { AppLogsTable, Database } from '../../database/schema';
import { engineOf } from '../../database/engine';
import { matchingJobKeys, type JobPattern } from './app-log-job-pattern';
import type { LogFilter } from './app-logs-filter';
import { logStoreOf } from './log-store-of';
import { sizedColumns, type SizedLogRow } from './app-logs-sized-rows';

/** A row of a page (app-logs-read.ts's LogRow). */
type LogRow = Pick<
  Selectable<AppLogsTable>,
  'id' | 'level' | 'data' | 'context' | 'created_at' | 'time_us'
>;

/** The name a per-name read takes: a column of the statement around it. */
export const PATTERN_WALK_NAME = sql.ref('job_names.name');

/**
 * The compiled statement of one walk step (one level, or all) of a filter with a job pattern,
 * its rows sized as every walk's (app-logs-sized-rows.ts).
 * `perName` is the step's read (selectLogs) with `job = PATTERN_WALK_NAME`.
 */
export function selectPatternWalkStep(
  db: Kysely<Database>,
  appId: number,
  filter: LogFilter,
  pattern: JobPattern,
  deadline: number,
  perName: SelectQueryBuilder<Database, 'app_logs', LogRow>,
): CompiledQuery<SizedLogRow> {
  const inTime = logStoreOf(db).withinDeadline(deadline);
  const names = sql`select substr(matched.job_key, 2) as name
    from (${matchingJobKeys(appId, pattern, inTime)}) as matched`;
  const order = sql.raw(filter.sinceUs === undefined ? 'desc' : 'asc');
  if (engineOf(db) === 'postgres') {
    // A name's rows one max() (min() from `since`) at a time: PostgreSQL plans an extremum as one
    // backward seek per partition whatever it estimates, where an ORDER BY … LIMIT of a name it
    // thinks small was read whole and sorted (measured: every row of a 100k-entry job).
    const ascending = filter.sinceUs !== undefined;
    const extremum = sql.raw(ascending ? 'min' : 'max');
    const beyond = sql.raw(ascending ? '>' : '<');
    const next = (after: boolean) =>
      perName
        .clearSelect()
        .clearOrderBy()
        .clearLimit()
        .select(sql<number>`${extremum}(time_us)`.as('time_us'))
        .$if(after, (query) => query.where(sql<SqlBool>`time_us ${beyond} newest.time_us`));
    // Only a name whose newest row is among the `limit` newest names' newest rows can have a row
    // in the answer: the others are not walked.
    const heads = sql`select job_names.name, (${next(false)}) as head from (${names}) as job_names`;
    return sql<SizedLogRow>`select first_rows.* from (
        select name, head from (${heads}) as heads where head is not null
        order by head ${order} limit ${filter.limit}
      ) as job_names
      cross join lateral (
        with recursive newest(time_us, n) as (
          select job_names.head, 1
          union all
          select (${next(true)}), newest.n + 1 from newest
          where newest.time_us is not null and newest.n < ${filter.limit}
        )
        select ${sizedColumns(db, 'app_logs')} from app_logs
        where app_id = ${appId} and time_us in (select time_us from newest)
      ) as first_rows
      order by first_rows.time_us ${order} limit ${filter.limit}`.compile(db);
  }
  const ids = perName.clearSelect().select('id');
  return sql<SizedLogRow>`select ${sizedColumns(db, 'entry')}
    from (${names}) as job_names cross join app_logs as entry
    where entry.id in (${ids})
    order by entry.time_us ${order} limit ${filter.limit}`.compile(db);
}
