/**
 * An alert's windows over a run of minutes (issue 41, decision 070), pure: the count of matching
 * entries in each window, the state it gives, and the moments the alert would have fired.
 *
 * A window with no entry of the app at all (whatever the query) is `no_data`: a silent app is
 * not "fewer than N errors" (grafana #47371). It alerts only with `no_data: "alert"`. An alert
 * fires when a window alerts and the one before did not; staying above fires nothing more.
 *
 * A window whose count is partial (a field condition read only its newest rows, decision 076)
 * says from when it counted (`countedSinceMs`). Its count is a floor of the true one, so
 * (decision 087): `>` fires when the counted part alone passes the threshold; `<` never fires on
 * a partial count (the minutes not counted may hold what is missing) and is `ok`.
 */
import type { AlertRule } from '../../contract/schemas/alert';

export const MINUTE_MS = 60_000;

export type AlertState = 'ok' | 'firing' | 'no_data';

export interface AlertWindow {
  /** The window's end, epoch milliseconds (it covers the `window_minutes` minutes before). */
  endMs: number;
  count: number;
  state: AlertState;
  /** Set when the count is partial: minutes before it (epoch ms) were not counted. */
  countedSinceMs?: number;
}

/** Per-minute counts from `startMs` (a minute boundary) on. */
export interface MinuteCounts {
  startMs: number;
  /** Entries the rule's query matches, per minute. */
  matching: readonly number[];
  /** Every entry of the app, per minute (what tells `no_data` apart). */
  all: readonly number[];
  /** Whether each minute of `matching` was counted; absent: every one was. */
  counted?: readonly boolean[];
}

type Rule = Pick<AlertRule, 'condition' | 'no_data'>;

/** The state a window's count gives; `partial`: the count is a floor (decision 087). */
export function stateOf(rule: Rule, count: number, all: number, partial = false): AlertState {
  if (all === 0) return 'no_data';
  const { op, threshold } = rule.condition;
  if (op === '<') return count < threshold && !partial ? 'firing' : 'ok';
  return count > threshold ? 'firing' : 'ok';
}

/** The end (epoch ms) of the last minute in [start, end) not counted, or undefined. */
function countedSince(counts: MinuteCounts, start: number, end: number): number | undefined {
  const { counted } = counts;
  if (!counted) return undefined;
  for (let minute = Math.min(end, counted.length) - 1; minute >= Math.max(0, start); minute -= 1) {
    if (counted[minute] === false) return counts.startMs + (minute + 1) * MINUTE_MS;
  }
  return undefined;
}

/** Whether a state calls for a notification. */
export function alerting(rule: Pick<AlertRule, 'no_data'>, state: AlertState): boolean {
  return state === 'firing' || (state === 'no_data' && rule.no_data === 'alert');
}

function prefixSums(values: readonly number[]): number[] {
  const sums = [0];
  for (const value of values) sums.push((sums[sums.length - 1] ?? 0) + value);
  return sums;
}

/**
 * The windows that end at `endsMs` (minute boundaries inside the counted run, ascending), each
 * `window_minutes` long; a window reaching before the run counts only what the run holds.
 */
export function alertWindows(
  rule: Rule,
  counts: MinuteCounts,
  endsMs: readonly number[],
): AlertWindow[] {
  const matching = prefixSums(counts.matching);
  const all = prefixSums(counts.all);
  const last = counts.matching.length;
  const at = (sums: number[], minute: number) => sums[Math.max(0, Math.min(last, minute))] ?? 0;
  return endsMs.map((endMs) => {
    const end = Math.round((endMs - counts.startMs) / MINUTE_MS);
    const start = end - rule.condition.window_minutes;
    const count = at(matching, end) - at(matching, start);
    const sinceMs = countedSince(counts, start, end);
    const partial = sinceMs !== undefined;
    const state = stateOf(rule, count, at(all, end) - at(all, start), partial);
    return { endMs, count, state, ...(partial ? { countedSinceMs: sinceMs } : {}) };
  });
}

/** The ends of the windows where the alert would have fired (it alerted, the one before not). */
export function firingMoments(
  rule: Pick<AlertRule, 'no_data'>,
  windows: readonly AlertWindow[],
): number[] {
  const moments: number[] = [];
  let before = false;
  for (const window of windows) {
    const now = alerting(rule, window.state);
    if (now && !before) moments.push(window.endMs);
    before = now;
  }
  return moments;
}

/**
 * The evaluation moments of the `minutes` before `nowMs`: every `every_minutes` minutes on the
 * epoch's minute grid (so every instance picks the same ones), ascending, the last at or before
 * the last whole minute.
 */
export function evaluationMoments(everyMinutes: number, nowMs: number, minutes: number): number[] {
  const stepMs = everyMinutes * MINUTE_MS;
  const lastMs = Math.floor(nowMs / stepMs) * stepMs;
  const firstMs = nowMs - minutes * MINUTE_MS;
  const moments: number[] = [];
  for (let ms = lastMs; ms > firstMs; ms -= stepMs) moments.push(ms);
  return moments.reverse();
}
