// The volume chart's data: bars stacked by level (moved from features/logs, issue 41: the
// Alerts page draws the same chart). Pure.
import type { LogLevel } from '../../../contract/schemas/app-log';
import type { LogVolume } from '../../../contract/schemas/app-log-volume';

/** Stacked from the bottom: errors first, so a burst of them is the base of its bar. */
export const STACK_ORDER: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'unknown',
];

/**
 * uPlot's data for bars stacked by drawing: x (bucket starts), then per level of STACK_ORDER the
 * running total up to it, highest first (each bar is drawn over the taller one before it).
 */
export function stackedSeries(volume: LogVolume): number[][] {
  const xs = volume.buckets.map((bucket) => bucket.start);
  const totals = volume.buckets.map(() => 0);
  const stacked = STACK_ORDER.map((level) =>
    volume.buckets.map((bucket, index) => {
      const total = (totals[index] ?? 0) + bucket.counts[level];
      totals[index] = total;
      return total;
    }),
  );
  return [xs, ...stacked.reverse()];
}

/** "3 error · 12 info", levels with entries only, in STACK_ORDER; "No entries" when none. */
export function describeCounts(counts: LogVolume['buckets'][number]['counts']): string {
  const parts = STACK_ORDER.filter((level) => counts[level] > 0).map(
    (level) => `${counts[level]} ${level}`,
  );
  return parts.length > 0 ? parts.join(' · ') : 'No entries';
}
