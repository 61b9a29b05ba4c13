/**
 * The tail's time and its requests' deadlines: the clock the engine runs on (the system's, or a
 * test's fake), and the signal of one request, aborted with its tail or when no answer came in
 * time.
 */

export interface TailClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: TailClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  // The handle is what `setTimeout` above returned.
  clearTimeout: (handle) => {
    globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

/**
 * A waiting request with no answer this long past its `wait` is given up as lost, then retried
 * with the back-off: a connection dropped without a word (a NAT or proxy forgetting it) would
 * otherwise hold the tail forever. Requests without `wait` keep the browser's own timeouts (a
 * slow search on a foreign server may rightly take long).
 */
export const ANSWER_TIMEOUT_MS = 5_000;

/** The error of a waiting request given up ANSWER_TIMEOUT_MS past its wait. */
export class TailTimeoutError extends Error {
  constructor(ms: number) {
    super(`No answer within ${Math.round(ms / 1000)} s`);
    this.name = 'TailTimeoutError';
  }
}

/**
 * The signal of one request: aborted with `tailSignal` (its tail was replaced or stopped), or with
 * a TailTimeoutError when no answer came within `timeoutMs` (null: no deadline). `done` clears
 * its timer and listener.
 */
export function requestSignal(clock: TailClock, tailSignal: AbortSignal, timeoutMs: number | null) {
  const controller = new AbortController();
  const onTailAbort = () => {
    controller.abort(tailSignal.reason);
  };
  tailSignal.addEventListener('abort', onTailAbort, { once: true });
  const timer =
    timeoutMs === null
      ? null
      : clock.setTimeout(() => {
          controller.abort(new TailTimeoutError(timeoutMs));
        }, timeoutMs);
  return {
    signal: controller.signal,
    done: () => {
      if (timer !== null) clock.clearTimeout(timer);
      tailSignal.removeEventListener('abort', onTailAbort);
    },
  };
}
