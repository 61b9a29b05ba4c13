import type { AppLogEntry } from '../../../contract/schemas/app-log';
import { isErrorLevel } from './log-format';

export interface NewLines {
  /** Lines appended since the view stopped following. */
  count: number;
  /** Of those still in the buffer, how many are errors or worse. */
  errors: number;
}

/**
 * Lines that arrived since following stopped at `baselineAppended` (the engine's `appended`
 * counter then). The new lines are the last `count` entries of the buffer; those that already
 * dropped out of it cannot be inspected, so `errors` counts what is still there.
 */
export function countNewLines(
  entries: readonly AppLogEntry[],
  appended: number,
  baselineAppended: number,
): NewLines {
  const count = Math.max(0, appended - baselineAppended);
  let errors = 0;
  const from = Math.max(0, entries.length - count);
  for (const entry of entries.slice(from)) {
    if (isErrorLevel(entry.level)) errors++;
  }
  return { count, errors };
}

/** "1 new line", "24 new lines (3 errors)". */
export function describeNewLines({ count, errors }: NewLines): string {
  const lines = `${count.toLocaleString('en-US')} new ${count === 1 ? 'line' : 'lines'}`;
  if (errors === 0) return lines;
  return `${lines} (${errors.toLocaleString('en-US')} ${errors === 1 ? 'error' : 'errors'})`;
}

/**
 * The live status: caught up only while following; scrolled up, it says what waits below
 * (the pill says it too, but the status line is what a screen reader and a glance rely on).
 */
export function describeLive(below: NewLines | null): string {
  if (below === null) return 'Live · caught up';
  if (below.count === 0) return 'Live · scrolled up';
  return `Live · ${describeNewLines(below)} below`;
}
