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
 * Memory: a ring of 1,440 minutes per alert with field conditions (about 17 kB), held by the
 * leader's evaluator; a new leader starts empty and catches up (its first checks say they are
 * partial, decision 087).
 */
import type { AlertRule } from '../../../contract/schemas/alert';
import { MINUTE_MS } from '../alert-windows';

/** A minute counted: the app's entries in it at the time (from the rollup) and the matches. */
export interface CountedMinute {
  all: number;
  matching: number;
}

/** The longest window (`window_minutes` ≤ 1440): a window's minutes never share a slot. */
const SLOTS = 1440;

/**
 * The counted minutes of one alert, in a ring of one slot per minute of the longest window: a
 * minute's slot is its epoch minute modulo 1440, so a minute that left the window is overwritten
 * by a new one and never needs forgetting. Typed arrays, made at the first minute remembered:
 * about 17 kB an alert with field conditions, nothing for the others.
 */
export class MinuteMemo {
  private minutes: Int32Array | undefined;
  private all: Uint32Array | undefined;
  private matching: Uint32Array | undefined;

  /** What was counted in the minute starting at `minuteMs` (epoch ms), if it is remembered. */
  get(minuteMs: number): CountedMinute | undefined {
    const minute = minuteMs / MINUTE_MS;
    const slot = minute % SLOTS;
    if (this.minutes?.[slot] !== minute) return undefined;
    return { all: this.all?.[slot] ?? 0, matching: this.matching?.[slot] ?? 0 };
  }

  set(minuteMs: number, counted: CountedMinute): void {
    const minute = minuteMs / MINUTE_MS;
    const slot = minute % SLOTS;
    this.minutes ??= new Int32Array(SLOTS).fill(-1);
    this.all ??= new Uint32Array(SLOTS);
    this.matching ??= new Uint32Array(SLOTS);
    this.minutes[slot] = minute;
    this.all[slot] = counted.all;
    this.matching[slot] = counted.matching;
  }

  delete(minuteMs: number): void {
    const minute = minuteMs / MINUTE_MS;
    if (this.minutes?.[minute % SLOTS] === minute) this.minutes[minute % SLOTS] = -1;
  }

  /** The newest minute remembered (epoch ms), if any. */
  newest(): number | undefined {
    let newest = -1;
    for (const minute of this.minutes ?? []) newest = Math.max(newest, minute);
    return newest < 0 ? undefined : newest * MINUTE_MS;
  }
}

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
    const minutes = new MinuteMemo();
    this.alerts.set(id, { key, minutes });
    return minutes;
  }

  /** Forgets every alert but these (the others were deleted or disabled). */
  keepOnly(ids: Iterable<number>): void {
    const kept = new Set(ids);
    for (const id of this.alerts.keys()) if (!kept.has(id)) this.alerts.delete(id);
  }
}
