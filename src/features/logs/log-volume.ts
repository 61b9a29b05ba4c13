import type { LogVolume, LogVolumeQuery } from '../../../contract/schemas/app-log-volume';
import { formatLogTime } from './log-format';
import { filterFromSearch, isHistorySearch } from './log-range';
import type { LogsSearch } from './search-params';

/** Live mode charts the last hour in one-minute buckets; moving ranges end on a minute. */
export const LIVE_WINDOW_SECONDS = 60 * 60;
export const LIVE_BUCKET_SECONDS = 60;
/** Buckets of a chart over any other range. */
export const CHART_BUCKETS = 60;

function seconds(bound: number | string | undefined): number | undefined {
  if (bound === undefined || bound === '') return undefined;
  if (typeof bound === 'number') return bound;
  const number = Number(bound);
  if (Number.isFinite(number)) return number;
  const ms = Date.parse(bound);
  return Number.isNaN(ms) ? undefined : ms / 1000;
}

/**
 * The volume query for the viewer's filters and range. A range that moves with the clock (live,
 * a preset, a custom range without an end) ends at the end of the current minute, so the query
 * stays the same for a minute and the newest bucket grows in place; live charts the last hour.
 * A fixed range (a shared link, a zoom) is charted as it is.
 */
export function volumeQueryFor(search: LogsSearch, nowSeconds: number): LogVolumeQuery {
  const end = Math.ceil(nowSeconds / LIVE_BUCKET_SECONDS) * LIVE_BUCKET_SECONDS;
  const filter = filterFromSearch(search, end);
  const query: LogVolumeQuery = {};
  if (filter.level) query.level = filter.level;
  if (filter.job) query.job = filter.job;
  if (filter.job && filter.jobMatch) query.job_match = filter.jobMatch;
  if (filter.q) query.q = filter.q;
  if (filter.where) query.where = filter.where;
  if (filter.where_not) query.where_not = filter.where_not;
  const since = seconds(filter.since);
  const before = seconds(filter.before);
  if (since === undefined && before === undefined && !isHistorySearch(search)) {
    return {
      ...query,
      since: end - LIVE_WINDOW_SECONDS,
      before: end,
      buckets: LIVE_WINDOW_SECONDS / LIVE_BUCKET_SECONDS,
    };
  }
  const to = before ?? end;
  return { ...query, since: since ?? to - LIVE_WINDOW_SECONDS, before: to, buckets: CHART_BUCKETS };
}

/** A zoom to [from, to), from a drag or a click: a custom, fixed range in the URL. */
export function zoomSearch(from: number, to: number): Partial<LogsSearch> {
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return { range: 'custom', since: round(Math.min(from, to)), before: round(Math.max(from, to)) };
}

/**
 * The words for a volume the service counted only in part (decision 076): with field conditions
 * it counts the newest entries of the range, and the buckets before `counted_since` hold 0. Null
 * when every bucket was counted.
 */
export function countedSinceNote(volume: LogVolume): string | null {
  if (volume.counted_since === undefined) return null;
  const from = formatLogTime(volume.counted_since, false).slice(0, 16);
  return `Field conditions count only the newest entries: bars before ${from} are not counted.`;
}
