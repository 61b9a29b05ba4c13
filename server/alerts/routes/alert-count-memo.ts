/**
 * What the evaluator remembers of each alert's per-minute counts between checks (issue 41,
 * decision 095), so a check with field conditions counts only the minutes it has not counted yet,
 * newest first, within one row window (LOG_FIELD_SCAN_ROWS), instead of every minute of its window
 * each time (a 24 h window read ~60,000 rows a check).
 *
 * A minute is remembered with the app's entries in it when it was counted (the minute rollup's
 * total, exact: decision 024) and the matches found. The next check reads the totals again from
 * the rollup (a few rows a minute) and takes a remembered minute only while its total is
 * unchanged: a minute that retention thinned, or that a writer added to, is counted again. So a
 * remembered count is the count the rows would give, and a window whose every minute is
 * remembered or counted is exact.
 *
 * Memory: one small record per minute of each alert's window (at most 1,440), held by the
 * leader's evaluator; a new leader starts empty and catches up (its first checks say they are
 * partial, decision 087).
 */
import type { AlertRule } from '../../../contract/schemas/alert';

/** A minute counted: the app's entries in it at the time (from the rollup) and the matches. */
export interface CountedMinute {
  all: number;
  matching: number;
}

/** The counted minutes of one alert, by the minute's start (epoch ms). */
export type MinuteMemo = Map<number, CountedMinute>;

/** The parts of a rule its counts depend on: another query or app forgets what was counted. */
function countKey(appId: number, rule: AlertRule): string {
  const { level, job, job_match, q, where, where_not } = rule;
  return JSON.stringify([appId, level, job, job_match, q, where, where_not]);
}

export class AlertCountMemo {
  private readonly alerts = new Map<number, { key: string; minutes: MinuteMemo }>();

  /** The minutes remembered for alert `id`, counted with this rule's query on app `appId`. */
  minutesOf(id: number, appId: number, rule: AlertRule): MinuteMemo {
    const key = countKey(appId, rule);
    const known = this.alerts.get(id);
    if (known?.key === key) return known.minutes;
    const minutes: MinuteMemo = new Map();
    this.alerts.set(id, { key, minutes });
    return minutes;
  }

  /** Forgets every alert but these (the others were deleted or disabled). */
  keepOnly(ids: Iterable<number>): void {
    const kept = new Set(ids);
    for (const id of this.alerts.keys()) if (!kept.has(id)) this.alerts.delete(id);
  }
}
