/**
 * The next representable time above an entry's `time`, for a bound that takes in every entry at
 * exactly that time: `before` is exclusive, so `before = nextUp(t)` still reads the entries at
 * `t`; `since` is inclusive, so `since = nextUp(t)` reads none of them. The tail engine
 * (features/logs/tail) and the page reader (app-logs.ts) both page on it.
 */

const view = new DataView(new ArrayBuffer(8));

/**
 * The smallest double above `x`. The spec has no tie-breaker for entries sharing one `time`, so
 * when a full page holds nothing new the engine continues from the next representable time:
 * `since` stays inclusive, but nothing at exactly `x` can match any more.
 */
export function nextUp(x: number): number {
  if (Number.isNaN(x) || x === Number.POSITIVE_INFINITY) return x;
  if (x === 0) return Number.MIN_VALUE;
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  view.setBigUint64(0, x > 0 ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
}
