/**
 * The size of synchronous database steps (issue 26: no synchronous database work longer than
 * 50 ms per turn; better-sqlite3 runs every statement on the event loop). A step reads or deletes
 * at most `maxRows` rows; a step that took longer than `stepMs` (a busy machine, long entries)
 * halves the next one, down to `minRows`, and quick steps double it back.
 */
export interface StepBounds {
  /** Rows a step reads at most (and its first size). */
  maxRows: number;
  /** Rows a step reads at least, however slow the machine. */
  minRows: number;
  /** A step longer than this halves the next one (ms). */
  stepMs: number;
}

/** The rows of the step after one of `size` rows that took `tookMs`. */
export function nextStepSize(size: number, tookMs: number, bounds: StepBounds): number {
  if (tookMs > bounds.stepMs) return Math.max(bounds.minRows, Math.floor(size / 2));
  if (tookMs < bounds.stepMs / 4) return Math.min(bounds.maxRows, size * 2);
  return size;
}
