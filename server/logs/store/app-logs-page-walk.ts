/**
 * A page without `q` (decision 040): the walk of app-logs-walk.ts over the statements of each
 * step, a field condition's bounded window (decision 076), and a page's rows read with their
 * sizes and cut to its bytes before their large values are read (app-logs-sized-rows.ts).
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../../database/schema';
import { engineOf } from '../../database/engine';
import { PATTERN_WALK_NAME, selectPatternWalkStep } from './app-log-job-pattern-walk';
import { jobPatternOf, type LogFilter } from './app-logs-filter';
import { selectLogs, rangeOf, type TimeRange } from './app-logs-select';
import { logStoreOf } from './log-store-of';
import { walkLogs } from './app-logs-walk';
import { plainWalkStepQuery } from './app-logs-walk-sql';
import { firstMatches, matchingRowsInChunks, type ChunkQueries } from './app-logs-chunked-read';
import { outOfTime } from './work-slices';
import {
  sizedDataSelection,
  sizedSelection,
  walkItemOf,
  type SizedDataRow,
  type SizedLogRow,
  type WalkItem,
} from './app-logs-sized-rows';
import { LOG_FIELD_SCAN_ROWS } from '../../../contract/schemas/app-log';

/** A read's rows in answer order (WalkItem), and where a bounded read of field conditions stopped. */
export interface QueriedItems {
  /** At most `limit`: entries with their small values, and rows whose values wait for the cut. */
  items: WalkItem[];
  /** The time (µs) to ask again from for the rest of the range (LogPage.scannedUntilUs). */
  scannedUntilUs?: number;
}

/** What a page without `q` takes from the query's options (app-logs-read.ts' QueryOptions). */
export interface WalkPageOptions {
  fieldScanRows?: number;
  walkTimeBudgetMs?: number;
}

/**
 * The rows of a page without `q` (a page's, a waiting tail's, an alert's lines), and where a
 * bounded read of field conditions stopped. The rows come with their sizes and only their small
 * values (app-logs-sized-rows.ts): the caller reads the large ones it keeps (cutSizedRows, or
 * readValueHeads for the first characters only).
 */
export async function walkItems(
  db: Kysely<Database>,
  appId: number,
  filter: LogFilter,
  options: WalkPageOptions,
): Promise<QueriedItems> {
  const range = rangeOf(filter);
  const store = logStoreOf(db);
  const hasFields = (filter.fields?.length ?? 0) > 0;
  // Field conditions read each row's JSON, which no index narrows: only the newest rows of
  // the range are read (decision 076), and on SQLite (on the event loop) a bounded number of
  // rows per statement (issue 42).
  const window = hasFields
    ? await scanWindow(db, appId, range, filter.sinceUs !== undefined, options.fieldScanRows)
    : undefined;
  const read = window?.read ?? range;
  const inChunks = hasFields && engineOf(db) === 'sqlite';
  // Each step's rows come as the page's entries, or as rows whose values wait for the cut
  // (WalkItem): on SQLite the plain steps' rows are read as arrays (LogStore.runWalk, issue 43).
  const items = await walkLogs<WalkItem>(
    filter,
    ({ level }, deadline) =>
      inChunks
        ? firstMatches(
            matchingRowsInChunks(
              chunkQueries<SizedLogRow>(db, appId, filter, { level, sized: 'walk' }, deadline),
              read,
              deadline,
            ),
            filter.limit,
          ).then((stepRows) => stepRows.map(walkItemOf))
        : store.runWalk(db, walkStepQuery(db, appId, filter, { level, deadline, range: read })),
    (error) => outOfTime(db, error),
    options.walkTimeBudgetMs,
  );
  // A full page goes on from its last entry; one that is not says where the reading stopped.
  if (window !== undefined && items.length < filter.limit) {
    return { items, scannedUntilUs: window.untilUs };
  }
  return { items };
}

/**
 * A walk step's statement: with a job pattern, each matched name's first rows, merged. The
 * deadline goes into the statement, checked per row, only when it may read rows it does not
 * return (a job pattern, field conditions); otherwise it reads at most `limit` rows of one index
 * range in order (held by the EXPLAIN QUERY PLAN tests), and walkLogs reads the clock after it;
 * its text is compiled once per shape (app-logs-walk-sql.ts).
 */
function walkStepQuery(
  db: Kysely<Database>,
  appId: number,
  filter: LogFilter,
  step: { level: number | undefined; deadline: number; range: TimeRange },
): CompiledQuery<SizedLogRow> {
  const pattern = jobPatternOf(filter);
  const { level, range, deadline } = step;
  if (pattern !== undefined) {
    const perName = selectLogs(db, appId, filter, {
      level,
      range,
      deadline,
      jobName: PATTERN_WALK_NAME,
    });
    return selectPatternWalkStep(db, appId, filter, pattern, deadline, perName);
  }
  const select = (options: Parameters<typeof selectLogs>[3]) =>
    selectLogs(db, appId, filter, options).clearSelect().select(sizedSelection(db)).compile();
  if ((filter.fields?.length ?? 0) > 0) return select({ level, range, deadline });
  const plain = { appId, filter, level, lowUs: range.lowUs, highUs: range.highUs };
  return plainWalkStepQuery(db, plain, () => select({ level, range }));
}

/**
 * The part of `range` a read of field conditions takes (decision 076): its first `maxRows` rows
 * in answer order, found from the (app_id, time_us) index alone (whatever the level and job, so
 * the window costs one index range), and the time to ask again from for the rest. Undefined when
 * the range holds no more rows than that.
 */
export async function scanWindow(
  db: Kysely<Database>,
  appId: number,
  range: TimeRange,
  ascending: boolean,
  maxRows = LOG_FIELD_SCAN_ROWS,
): Promise<{ read: TimeRange; untilUs: number } | undefined> {
  if (maxRows === Infinity) return undefined;
  const edge = await nthRowTime(db, appId, range, ascending, maxRows);
  if (edge === undefined) return undefined;
  return ascending
    ? { read: { ...range, highUs: edge + 1 }, untilUs: edge + 1 }
    : { read: { ...range, lowUs: edge }, untilUs: edge };
}

/**
 * The time of the `count`-th row of `range` in answer order, from the index alone, when the
 * range holds more rows than `count` (undefined otherwise: the whole range is within).
 */
async function nthRowTime(
  db: Kysely<Database>,
  appId: number,
  range: TimeRange,
  ascending: boolean,
  count: number,
): Promise<number | undefined> {
  let query = db.selectFrom('app_logs').select('time_us').where('app_id', '=', appId);
  if (range.lowUs !== undefined) query = query.where('time_us', '>=', range.lowUs);
  if (range.highUs !== undefined) query = query.where('time_us', '<', range.highUs);
  const [edge, past] = await query
    .orderBy('time_us', ascending ? 'asc' : 'desc')
    .limit(2)
    .offset(count - 1)
    .execute();
  return past === undefined ? undefined : edge?.time_us;
}

/**
 * The statements of a chunked read (app-logs-chunked-read.ts) of `filter` in one walk step (a
 * level, or none): the boundary reads the step's index range without the conditions
 * no index answers (field conditions, `q`); the rows, the whole filter within a part of it.
 */
export function chunkQueries<R extends SizedLogRow | SizedDataRow>(
  db: Kysely<Database>,
  appId: number,
  filter: LogFilter,
  step: {
    level?: number | undefined;
    /** Sized rows (app-logs-sized-rows.ts): a walk's (SizedLogRow) or facets' (SizedDataRow). */
    sized: 'walk' | 'facets';
  },
  deadline: number,
): ChunkQueries<R> {
  const { fields: _fields, search: _search, ...plain } = filter;
  const options = { level: step.level };
  return {
    ascending: filter.sinceUs !== undefined,
    boundary: async (range, offset) =>
      (
        await selectLogs(db, appId, { ...plain, limit: 1 }, { ...options, range })
          .clearSelect()
          .select('time_us')
          .offset(offset)
          .executeTakeFirst()
      )?.time_us,
    rows: async (range) => {
      const query = selectLogs(db, appId, filter, { ...options, range, deadline });
      // R is the row of the columns `sized` asks for (the walk's call, facets').
      if (step.sized === 'walk') {
        return (await query.clearSelect().select(sizedSelection(db)).execute()) as R[];
      }
      return (await query.clearSelect().select(sizedDataSelection(db)).execute()) as R[];
    },
  };
}
