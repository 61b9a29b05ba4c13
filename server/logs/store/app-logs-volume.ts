/**
 * Log volume (our extension, decision 019): how many of an app's entries fall into each equal
 * time bucket of [since, before), per level, for the filters of the log query. Without `q` it
 * sums the minute rollup (decision 024) and counts rows only in the minutes a bucket boundary
 * splits; with `q` every row of the range is tested with the log query's own rule, so the count
 * is stopped by the same time budget (a 400 `too_slow`) instead of holding the event loop.
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { walkTooSlow } from './app-logs-walk';
import { LOG_LEVELS, type LogLevel } from '../../../contract/schemas/app-log';
import type { LogVolume, LogVolumeCounts } from '../../../contract/schemas/app-log-volume';
import type { Database } from '../../database/schema';
import { indexableTerms, searchTooSlow, SEARCH_TIME_BUDGET_MS } from './app-logs-read';
import { fieldConditionSql } from './app-logs-field-conditions';
import { jobPatternOf, US_PER_SECOND, type LogFilter } from './app-logs-filter';
import { jobNameMatches, matchedJobsWith } from './app-log-job-pattern';
import { logStoreOf } from './log-store-of';
import { jobKey, MINUTE_US, minuteOf } from './app-logs-rollup';
import { countFieldConditions } from './app-logs-volume-fields';

export interface LogVolumeFilter extends Omit<LogFilter, 'limit' | 'sinceUs' | 'beforeUs'> {
  sinceUs: number;
  beforeUs: number;
  /** How many buckets; fewer when the range has fewer microseconds. */
  buckets: number;
}

function zeroCounts(): LogVolumeCounts {
  return { debug: 0, info: 0, warn: 0, error: 0, fatal: 0, unknown: 0 };
}

/** Entries of each level: `count(case when level = N then 1 end)`, on both engines. */
function levelCounts() {
  return LOG_LEVELS.map((level, rank) =>
    sql<number | string>`count(case when level = ${sql.lit(rank)} then 1 end)`.as(level),
  );
}

/**
 * The count from the rows, as one statement with a row per bucket and a column per level.
 * Without index candidates it is one plain aggregate per bucket over one range of the (app_id,
 * time_us, level) index, joined with UNION ALL: one GROUP BY over the whole range sorts every row
 * first, which measured several times slower (decision 019). A search through the text index
 * groups once instead, since each per-bucket part would look the terms up again.
 */
export function selectLogVolume(
  db: Kysely<Database>,
  appId: number,
  filter: LogVolumeFilter,
  widthUs: number,
  deadline: number,
  /** Only this part of the range, grouped into the range's buckets (decision 076). */
  part?: { lowUs: number; highUs: number },
) {
  const store = logStoreOf(db);
  const indexTerms = filter.search ? indexableTerms(filter.search.terms) : [];
  const byIndex = indexTerms.length > 0;
  // As in selectLogs: with index candidates the planner must not walk the time index instead.
  const appIdRef = byIndex ? store.notIndexed('app_id') : sql.ref('app_id');
  const timeRef = byIndex ? store.notIndexed('time_us') : sql.ref('time_us');
  const rows = (lowUs: number, highUs: number) => {
    let query = db
      .selectFrom('app_logs')
      .where(appIdRef, '=', appId)
      .where(timeRef, '>=', lowUs)
      .where(timeRef, '<', highUs);
    if (filter.minLevel !== undefined) query = query.where('level', '>=', filter.minLevel);
    const pattern = jobPatternOf(filter);
    if (pattern !== undefined) {
      query = query.where(
        jobNameMatches(sql.ref('job'), appId, pattern, store.withinDeadline(deadline)),
      );
    } else if (filter.job !== undefined) query = query.where('job', '=', filter.job);
    if (filter.search) {
      query = query.where(
        byIndex
          ? store.searchIndexCandidates(indexTerms, { appId, lowUs, highUs }, deadline)
          : store.withinDeadline(deadline),
      );
      for (const level of filter.search.exactLevels) query = query.where('level', '=', level);
      for (const term of filter.search.terms) query = query.where(store.searchContains(term));
    } else if (filter.fields) query = query.where(store.withinDeadline(deadline));
    for (const condition of filter.fields ?? [])
      query = query.where(fieldConditionSql(db, condition));
    return query;
  };
  if (byIndex || part !== undefined) {
    return rows(part?.lowUs ?? filter.sinceUs, part?.highUs ?? filter.beforeUs)
      .select([
        sql<number>`cast((time_us - ${filter.sinceUs}) / ${widthUs} as integer)`.as('bucket'),
        ...levelCounts(),
      ])
      .groupBy(sql`bucket`);
  }
  const bucketRows = (index: number) => {
    const lowUs = filter.sinceUs + index * widthUs;
    return rows(lowUs, Math.min(filter.beforeUs, lowUs + widthUs)).select([
      sql<number>`${sql.lit(index)}`.as('bucket'),
      ...levelCounts(),
    ]);
  };
  const buckets = Math.ceil((filter.beforeUs - filter.sinceUs) / widthUs);
  let query = bucketRows(0);
  for (let index = 1; index < buckets; index += 1) query = query.unionAll(bucketRows(index));
  return query;
}

/**
 * The count without `q`, from the minute rollup (decision 024): whole minutes are summed from
 * `app_log_minutes`, each into the bucket holding its end. A bucket boundary inside a minute
 * splits it: the minute's entries before the boundary move from the later bucket to the earlier
 * one, counted from the rows of the shorter side of the boundary (an index range of at most half
 * a minute): those before it, or the minute's total less those after it. Rows have `edge` 0 for
 * whole minutes, and +1 or -1 for a part of the entries before boundary `bucket`. Exact for any
 * `since`, `before` and bucket width; one statement, so one snapshot while ingestion writes.
 */
export function selectRolledUpVolume(
  appId: number,
  filter: LogVolumeFilter,
  widthUs: number,
  inTime: Expression<SqlBool> | null = null,
) {
  const { sinceUs, beforeUs } = filter;
  // The rows of split minutes are the part that grows with the app's rate: they stop at the
  // deadline (decision 040), the rollup's few rows per minute need no clock.
  const rowsInTime = inTime === null ? sql`` : sql` and ${inTime}`;
  // Written with `sql` rather than the query builder: a 240-bucket range has hundreds of parts,
  // and building and compiling them as select queries took longer than running them.
  const levelFilter = filter.minLevel === undefined ? sql`` : sql` and level >= ${filter.minLevel}`;
  // Without a job: the rollup's all-entries key; with a job: its key; with a pattern: the sum of
  // the keys it matches (the same scan in both parts of the statement, with the rows' clock).
  const pattern = jobPatternOf(filter);
  const matched = pattern === undefined ? undefined : matchedJobsWith(appId, pattern, inTime);
  // `job || ''`: a pattern's rows are read by the time index and tested against the names
  // (hashed), not sought name by name in each of up to 481 parts.
  const jobFilter =
    matched !== undefined
      ? sql` and ${matched.nameIn(sql`(job || '')`)}`
      : filter.job !== undefined
        ? sql` and job = ${filter.job}`
        : sql``;
  const keyFilter =
    matched !== undefined
      ? matched.keyIn(sql.ref('job_key'))
      : sql<SqlBool>`job_key = ${jobKey(filter.job)}`;
  const sums = sql.raw(
    LOG_LEVELS.map(
      (level, rank) => `sum(case when level = ${String(rank)} then entries else 0 end) as ${level}`,
    ).join(', '),
  );
  const counts = sql.raw(
    LOG_LEVELS.map(
      (level, rank) => `count(case when level = ${String(rank)} then 1 end) as ${level}`,
    ).join(', '),
  );
  const minutes = (bucket: RawBuilder<unknown>, edge: number, lowUs: number, highUs: number) =>
    sql`select ${bucket} as bucket, ${sql.lit(edge)} as edge, ${sums} from app_log_minutes
      where app_id = ${appId} and ${keyFilter}
      and minute_us >= ${lowUs} and minute_us < ${highUs}${levelFilter}`;
  const rows = (index: number, edge: number, lowUs: number, highUs: number) =>
    sql`select ${sql.lit(index)} as bucket, ${sql.lit(edge)} as edge, ${counts} from app_logs
      where app_id = ${appId} and time_us >= ${lowUs} and time_us < ${highUs}${levelFilter}${jobFilter}${rowsInTime}`;
  const parts = [
    sql`${minutes(
      sql`cast((minute_us + ${MINUTE_US - 1 - sinceUs}) / ${widthUs} as integer)`,
      0,
      minuteOf(sinceUs),
      minuteOf(beforeUs),
    )} group by bucket`,
  ];
  const buckets = Math.ceil((beforeUs - sinceUs) / widthUs);
  for (let index = 0; index <= buckets; index += 1) {
    const boundaryUs = Math.min(beforeUs, sinceUs + index * widthUs);
    const minuteUs = minuteOf(boundaryUs);
    if (minuteUs === boundaryUs) continue;
    const nextUs = minuteUs + MINUTE_US;
    // With a pattern the minute's total is a sum over its names: the rows before the boundary
    // (at most a minute of them, under the clock) are counted instead.
    if (matched !== undefined || boundaryUs - minuteUs <= nextUs - boundaryUs) {
      parts.push(rows(index, 1, minuteUs, boundaryUs));
    } else {
      parts.push(minutes(sql.lit(index), 1, minuteUs, nextUs), rows(index, -1, boundaryUs, nextUs));
    }
  }
  return sql<VolumeRow>`${matched?.with ?? sql``}${sql.join(parts, sql` union all `)}`;
}

/**
 * How long the count without `q` may take: one statement of up to 481 parts (240 buckets), whose
 * planning counts too, measured at p99 ≤ 52 ms at 1M entries on a loaded machine
 * (BENCHMARKS.md) but seen past 500 ms with 240 buckets when the machine was saturated. The
 * budget stops what grows with an app's rate (the rows of split minutes), not a slow machine.
 */
export const ROLLED_UP_VOLUME_TIME_BUDGET_MS = 2000;

/** A row of the volume statements: a bucket, and its count (or a part of it) per level. */
type VolumeRow = { bucket: number; edge: number } & Record<LogLevel, number | string>;

/** The equal buckets of [since, before), every count 0. */
function emptyVolume(filter: LogVolumeFilter, widthUs: number): LogVolume {
  return {
    since: filter.sinceUs / US_PER_SECOND,
    before: filter.beforeUs / US_PER_SECOND,
    bucket_seconds: widthUs / US_PER_SECOND,
    buckets: Array.from(
      { length: Math.ceil((filter.beforeUs - filter.sinceUs) / widthUs) },
      (_, index) => ({
        start: (filter.sinceUs + index * widthUs) / US_PER_SECOND,
        counts: zeroCounts(),
      }),
    ),
  };
}

/** Adds a row's count of each level, times `sign`, to bucket `index`, if there is one. */
function add(
  volume: LogVolume,
  index: number,
  row: Record<LogLevel, number | string>,
  sign: number,
): void {
  const counts = volume.buckets[index]?.counts;
  // PostgreSQL returns sums and counts as bigint strings.
  if (counts) for (const level of LOG_LEVELS) counts[level] += sign * Number(row[level]);
}

/**
 * The volume for `filter`: from the minute rollup without `q`; with `q`, or with `fromRows` (the
 * benchmark's baseline, the tests' reference), by counting the rows of the range under the
 * search's time budget.
 */
export async function countLogVolume(
  db: Kysely<Database>,
  appId: number,
  filter: LogVolumeFilter,
  options: { timeBudgetMs?: number; fromRows?: boolean; fieldScanRows?: number } = {},
): Promise<LogVolume> {
  const rangeUs = filter.beforeUs - filter.sinceUs;
  const widthUs = Math.ceil(rangeUs / Math.max(1, Math.min(filter.buckets, rangeUs)));
  // Widths are whole µs: a rounded-up width may need fewer buckets to reach `before`.
  const volume = emptyVolume(filter, widthUs);
  // The rollup counts levels and jobs, not fields: field conditions count the rows.
  if (!filter.search && !filter.fields && options.fromRows !== true) {
    const budgetMs = options.timeBudgetMs ?? ROLLED_UP_VOLUME_TIME_BUDGET_MS;
    const store = logStoreOf(db);
    const { rows } = await selectRolledUpVolume(
      appId,
      filter,
      widthUs,
      store.withinDeadline(Date.now() + budgetMs),
    )
      .execute(db)
      .catch((error: unknown) => {
        throw store.searchTimedOut(error) ? walkTooSlow(filter, budgetMs) : error;
      });
    for (const row of rows) {
      if (row.edge === 0) add(volume, row.bucket, row, 1);
      else {
        add(volume, row.bucket - 1, row, row.edge);
        add(volume, row.bucket, row, -row.edge);
      }
    }
    return volume;
  }
  const timeBudgetMs = options.timeBudgetMs ?? SEARCH_TIME_BUDGET_MS;
  if (filter.fields && !filter.search && options.fromRows !== true) {
    const rowsOf = (part: { lowUs: number; highUs: number }, deadline: number) =>
      selectLogVolume(db, appId, filter, widthUs, deadline, part).execute();
    const counted = await countFieldConditions(db, appId, filter, widthUs, rowsOf, {
      timeBudgetMs,
      fieldScanRows: options.fieldScanRows,
    }).catch(searchTooSlow(db, timeBudgetMs));
    for (const row of counted.rows) add(volume, row.bucket, row, 1);
    if (counted.countedSinceUs !== undefined) {
      volume.counted_since = counted.countedSinceUs / US_PER_SECOND;
    }
    return volume;
  }
  const rows = await selectLogVolume(db, appId, filter, widthUs, Date.now() + timeBudgetMs)
    .execute()
    .catch(searchTooSlow(db, timeBudgetMs));
  for (const row of rows) add(volume, row.bucket, row, 1);
  return volume;
}
