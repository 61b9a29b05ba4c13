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
 *
 * The evaluator passes what it remembers of the alert (`memo`, decision 095): a rule with field
 * conditions and no `q` then counts only the minutes not remembered (or whose total changed),
 * newest first, within one window of LOG_FIELD_SCAN_ROWS entries for the whole check, chosen by
 * the rollup's totals; the minutes left for later checks are marked not counted.
 */
import type { AlertRule } from '../../../contract/schemas/alert';
import { LOG_FIELD_SCAN_ROWS, LOG_LEVELS } from '../../../contract/schemas/app-log';
import type { Db } from '../../database/schema';
import { countLogVolume, type LogVolumeFilter } from '../../logs';
import { parseVolumeQuery } from '../../logs/routes';
import { MINUTE_MS, type MinuteCounts } from '../alert-windows';
import type { MinuteMemo } from './alert-count-memo';

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
  /** What the evaluator remembers of this alert's counts (decision 095); updated in place. */
  memo?: MinuteMemo;
}

/** Each count of `run` minutes from `sinceMs`: its level counts summed, and whether it was read. */
type MinuteRun = { counts: number[]; counted: boolean[] };

async function perMinute(
  db: Db,
  appId: number,
  filter: LogVolumeFilter,
  sinceMs: number,
  minutes: number,
  options: AlertCountOptions,
): Promise<MinuteRun> {
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

/**
 * The matches per minute with what the evaluator remembers (decision 095): minutes without
 * entries match nothing; remembered minutes whose total is unchanged keep their count; the rest
 * are counted newest first while their totals (`all`, from the rollup) fit in one row window,
 * each run of them in one volume; the minutes past the window wait for the next check.
 */
async function rememberedPerMinute(
  db: Db,
  appId: number,
  filter: LogVolumeFilter,
  sinceMs: number,
  all: readonly number[],
  memo: MinuteMemo,
  options: AlertCountOptions,
): Promise<MinuteRun> {
  const counts = all.map(() => 0);
  const counted = all.map((entries) => entries === 0);
  const stale: number[] = [];
  all.forEach((entries, minute) => {
    if (entries === 0) return;
    const known = memo.get(sinceMs + minute * MINUTE_MS);
    if (known?.all !== entries) stale.push(minute);
    else {
      counts[minute] = known.matching;
      counted[minute] = true;
    }
  });
  const rowWindow = options.fieldScanRows ?? LOG_FIELD_SCAN_ROWS;
  const chosen = new Set<number>();
  let rows = 0;
  // Newest first, and no further than the first that does not fit: the counted minutes are the
  // window's newest, so `counted_since` stays one moment (decision 087).
  for (const minute of stale.reverse()) {
    rows += all[minute] ?? 0;
    if (rows > rowWindow) break;
    chosen.add(minute);
  }
  for (const [first, end] of runsOf(chosen, all)) {
    const run = await perMinute(db, appId, filter, sinceMs + first * MINUTE_MS, end - first, {
      ...options,
      fieldScanRows: rowWindow,
    });
    run.counted.forEach((read, offset) => {
      const minute = first + offset;
      if (!read || !chosen.has(minute)) return;
      const matching = run.counts[offset] ?? 0;
      counts[minute] = matching;
      counted[minute] = true;
      memo.set(sinceMs + minute * MINUTE_MS, { all: all[minute] ?? 0, matching });
    });
  }
  return { counts, counted };
}

/**
 * The chosen minutes as runs [first, end) of at most MINUTES_PER_STATEMENT minutes; a run goes on
 * across minutes without entries (they cost no row), not across a minute left out.
 */
function runsOf(chosen: ReadonlySet<number>, all: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  let open: [number, number] | undefined;
  for (let minute = 0; minute < all.length; minute += 1) {
    if (chosen.has(minute)) {
      if (open === undefined || minute + 1 - open[0] > MINUTES_PER_STATEMENT) {
        open = [minute, minute + 1];
        runs.push(open);
      } else open[1] = minute + 1;
    } else if (all[minute] !== 0) open = undefined;
  }
  return runs;
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
  const all = await perMinute(db, appId, everything, sinceMs, minutes, options);
  const { memo } = options;
  const remembered = memo !== undefined && rule.q === undefined && !countedFromRollup(rule);
  const matching = remembered
    ? await rememberedPerMinute(db, appId, filter, sinceMs, all.counts, memo, options)
    : await perMinute(db, appId, filter, sinceMs, minutes, options);
  return {
    startMs: sinceMs,
    matching: matching.counts,
    all: all.counts,
    ...(matching.counted.every(Boolean) ? {} : { counted: matching.counted }),
  };
}
