/**
 * Interval polling backs off while nothing comes (issue 14): against a server that ignores
 * `wait` (or without `wait`), a viewer left open on a quiet app should not ask once a second
 * for hours. Pure; the driver (tail-engine.ts) counts the empty follow answers in a row.
 *
 * The first IDLE_GRACE empty answers keep the interval; each further one doubles it, up to
 * MAX_IDLE_INTERVAL_MS. An answer that brings something, a fresh start and the tab coming back
 * reset the count, so a burst of lines is followed at the interval again.
 */

/** Empty follow answers in a row before the interval starts to grow. */
export const IDLE_GRACE = 5;
/** The longest interval while idle (a new line shows at most this late). */
export const MAX_IDLE_INTERVAL_MS = 10_000;

/** The wait before the next interval follow request after `idleAnswers` empty answers in a row. */
export function idleIntervalMs(intervalMs: number, idleAnswers: number): number {
  const doublings = Math.min(30, Math.max(0, idleAnswers - IDLE_GRACE));
  return Math.min(Math.max(intervalMs, MAX_IDLE_INTERVAL_MS), intervalMs * 2 ** doublings);
}
