// Labels of the volume chart's time axis. uPlot picks the split times for the zoom; the label
// format must then be fine enough that no two splits read the same (zoomed to 8 s the axis used
// to say "18:07" sixteen times, issue 30), and no finer than that.
import { formatLogTime } from '../../lib/log-time-format';

const DAY_SECONDS = 86_400;

/** Slices of `YYYY-MM-DD HH:MM:SS.mmm`, coarsest first. */
type Slice = readonly [start: number, end: number];
const HH_MM: Slice = [11, 16];
const HH_MM_SS: Slice = [11, 19];
const HH_MM_SS_MS: Slice = [11, 23];
const MM_DD: Slice = [5, 10];
const YYYY_MM_DD: Slice = [0, 10];
const MM_DD_HH_MM: Slice = [5, 16];
const MM_DD_HH_MM_SS: Slice = [5, 19];
const FULL: Slice = [0, 23];

const WITHIN_A_DAY = [HH_MM, HH_MM_SS, HH_MM_SS_MS, MM_DD_HH_MM, FULL] as const;
const ACROSS_DAYS = [MM_DD, YYYY_MM_DD, MM_DD_HH_MM, MM_DD_HH_MM_SS, FULL] as const;

/**
 * One label per split (times in seconds, ascending, local time unless `utc`): the coarsest
 * format in which every label differs. The last format has the millisecond and the year, so
 * splits at least a millisecond apart never share a label.
 */
export function axisLabels(splits: readonly number[], utc = false): string[] {
  const full = splits.map((time) => formatLogTime(time, utc));
  const span = (splits.at(-1) ?? 0) - (splits[0] ?? 0);
  const candidates = span > DAY_SECONDS ? ACROSS_DAYS : WITHIN_A_DAY;
  for (const [start, end] of candidates) {
    const labels = full.map((text) => text.slice(start, end));
    if (new Set(labels).size === labels.length) return labels;
  }
  return full;
}
