/**
 * Per-minute counts of an alert's query (issue 41, decision 070), with the log query's own rules
 * (the logs wing's volume count): from the minute rollup when the query has no `q` and no
 * `where`/`where_not`, else from the rows under the search's time budget (a 400 `too_slow` past
 * it). Read in runs of at most 240 minutes (the volume's bucket cap), one statement each, so no
 * statement holds the event loop or a connection for a whole day's count.
 *
 * A run with field conditions reads only its newest LOG_FIELD_SCAN_ROWS entries (decision 076):
 * its volume's `counted_since` says from when it counted, and the minutes before are marked not
 * counted (`counted`), never taken as 0 entries (decision 087).
 */
import type { AlertRule } from '../../../contract/schemas/alert';
import { LOG_LEVELS } from '../../../contract/schemas/app-log';
import type { Db } from '../../database/schema';
import { countLogVolume, type LogVolumeFilter } from '../../logs';
import { parseVolumeQuery } from '../../logs/routes';
import { MINUTE_MS, type MinuteCounts } from '../alert-windows';

const MINUTES_PER_STATEMENT = 240;
const US_PER_MS = 1000;

/** Whether the rule's query is counted from the rollup (no `q`, no field conditions). */
export function countedFromRollup(rule: AlertRule): boolean {
  return (
    rule.q === undefined && (rule.where ?? []).length === 0 && (rule.where_not ?? []).length === 0
  );
}

/** The rule's query as the log query's filter (the same parser: the same rules). */
export function filterOf(rule: AlertRule, sinceMs: number, beforeMs: number): LogVolumeFilter {
  return parseVolumeQuery(
    {
      since: String(sinceMs / 1000),
      before: String(beforeMs / 1000),
      level: rule.level,
      job: rule.job,
      job_match: rule.job_match,
      q: rule.q,
      where: rule.where,
      where_not: rule.where_not,
    },
    beforeMs * US_PER_MS,
  );
}

/** How the counts are read: each statement's time budget, the field conditions' row window. */
export interface AlertCountOptions {
  /** Each statement's time budget (default: the volume's: the search's for rows, 2 s for the rollup). */
  timeBudgetMs?: number;
  /** The rows a field condition reads per run (default LOG_FIELD_SCAN_ROWS; tests lower it). */
  fieldScanRows?: number;
}

async function perMinute(
  db: Db,
  appId: number,
  filter: LogVolumeFilter,
  sinceMs: number,
  minutes: number,
  options: AlertCountOptions,
): Promise<{ counts: number[]; counted: boolean[] }> {
  const counts: number[] = [];
  const counted: boolean[] = [];
  for (let done = 0; done < minutes; done += MINUTES_PER_STATEMENT) {
    const run = Math.min(MINUTES_PER_STATEMENT, minutes - done);
    const lowMs = sinceMs + done * MINUTE_MS;
    const volume = await countLogVolume(
      db,
      appId,
      {
        ...filter,
        sinceUs: lowMs * US_PER_MS,
        beforeUs: (lowMs + run * MINUTE_MS) * US_PER_MS,
        buckets: run,
      },
      {
        ...(options.timeBudgetMs === undefined ? {} : { timeBudgetMs: options.timeBudgetMs }),
        ...(options.fieldScanRows === undefined ? {} : { fieldScanRows: options.fieldScanRows }),
      },
    );
    // Buckets that start before `counted_since` hold 0 because they were not read.
    const countedSinceMs =
      volume.counted_since === undefined ? -Infinity : volume.counted_since * 1000;
    for (const bucket of volume.buckets) {
      counts.push(LOG_LEVELS.reduce((sum, level) => sum + bucket.counts[level], 0));
      counted.push(bucket.start * 1000 >= countedSinceMs);
    }
  }
  return { counts, counted };
}

/** The matching and all entries of app `appId` in each whole minute of [sinceMs, sinceMs + minutes). */
export async function alertMinuteCounts(
  db: Db,
  appId: number,
  rule: AlertRule,
  sinceMs: number,
  minutes: number,
  options: AlertCountOptions = {},
): Promise<MinuteCounts> {
  const beforeMs = sinceMs + minutes * MINUTE_MS;
  // A job pattern is resolved inside the count's own statement (decision 071).
  const filter = filterOf(rule, sinceMs, beforeMs);
  // Every entry of the app, whatever the query: from the rollup, always.
  const everything: LogVolumeFilter = { sinceUs: 0, beforeUs: 0, buckets: 0 };
  const matching = await perMinute(db, appId, filter, sinceMs, minutes, options);
  const all = await perMinute(db, appId, everything, sinceMs, minutes, options);
  return {
    startMs: sinceMs,
    matching: matching.counts,
    all: all.counts,
    ...(matching.counted.every(Boolean) ? {} : { counted: matching.counted }),
  };
}
