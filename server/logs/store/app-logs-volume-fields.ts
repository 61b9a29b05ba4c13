/**
 * The volume of a query with field conditions and no `q` (decision 076; issue 42). The minute
 * rollup has no fields, so the rows are counted; two bounds keep that from growing with the app:
 *
 * - **Rows**: only the newest `fieldScanRows` (LOG_FIELD_SCAN_ROWS) entries of the range are
 *   read, found from the (app_id, time_us) index alone, and counted in whole buckets: the buckets
 *   that start before the first whole one are left out, and the answer's `counted_since` says
 *   from when the counts hold.
 * - **The event loop**: on SQLite (whose statements run on it) the rows are counted a chunk of
 *   the index at a time with a turn between (app-logs-chunked-read.ts: one row at first, adapting
 *   to 20 ms a statement), so wide entries never hold it for the whole count. PostgreSQL counts
 *   in one statement off the loop.
 */
import type { Kysely } from 'kysely';
import { LOG_FIELD_SCAN_ROWS } from '../../../contract/schemas/app-log';
import type { LogLevel } from '../../../contract/schemas/app-log';
import type { Database } from '../../database/schema';
import { engineOf } from '../../database/engine';
import { matchingRowsInChunks } from './app-logs-chunked-read';
import { scanWindow } from './app-logs-page-walk';

/** A bucket's count per level (a part of it, on SQLite). */
export type BucketCounts = { bucket: number } & Record<LogLevel, number | string>;

/** Counts the rows of a part of the range into the range's buckets, stopping at `deadline`. */
export type CountPart = (
  part: { lowUs: number; highUs: number },
  deadline: number,
) => Promise<BucketCounts[]>;

export interface FieldVolumeCount {
  /** Counts to add up per bucket (a bucket may come in several rows). */
  rows: BucketCounts[];
  /** The first bucket's start counted, when the count stopped before `since` (µs). */
  countedSinceUs?: number;
}

export async function countFieldConditions(
  db: Kysely<Database>,
  appId: number,
  /** The volume's range (its conditions are in `countPart`). */
  filter: { sinceUs: number; beforeUs: number },
  widthUs: number,
  countPart: CountPart,
  options: { timeBudgetMs: number; fieldScanRows?: number | undefined },
): Promise<FieldVolumeCount> {
  const deadline = Date.now() + options.timeBudgetMs;
  const { sinceUs, beforeUs } = filter;
  const window = await scanWindow(
    db,
    appId,
    { lowUs: sinceUs, highUs: beforeUs },
    false,
    options.fieldScanRows ?? LOG_FIELD_SCAN_ROWS,
  );
  // Whole buckets only: a bucket counted in part would read as a drop in the chart.
  const lowUs =
    window === undefined
      ? sinceUs
      : Math.min(beforeUs, sinceUs + Math.ceil((window.untilUs - sinceUs) / widthUs) * widthUs);
  const counted: FieldVolumeCount =
    window === undefined ? { rows: [] } : { rows: [], countedSinceUs: lowUs };
  if (lowUs >= beforeUs) return counted;
  const range = { lowUs, highUs: beforeUs };
  if (engineOf(db) !== 'sqlite') {
    counted.rows = await countPart(range, deadline);
    return counted;
  }
  const chunks = matchingRowsInChunks(
    {
      ascending: false,
      boundary: async (part, offset) => {
        let query = db.selectFrom('app_logs').select('time_us').where('app_id', '=', appId);
        if (part.lowUs !== undefined) query = query.where('time_us', '>=', part.lowUs);
        if (part.highUs !== undefined) query = query.where('time_us', '<', part.highUs);
        const row = await query
          .orderBy('time_us', 'desc')
          .limit(1)
          .offset(offset)
          .executeTakeFirst();
        return row?.time_us;
      },
      rows: (part) =>
        countPart({ lowUs: part.lowUs ?? lowUs, highUs: part.highUs ?? beforeUs }, deadline),
    },
    range,
    deadline,
  );
  for await (const rows of chunks) counted.rows.push(...rows);
  return counted;
}
