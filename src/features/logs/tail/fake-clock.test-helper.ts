/**
 * Test helper (only tests import it; it never reaches the bundle): a fake clock for the tail
 * engine (its TailClock), whose time moves only when a test advances it, running the timers due
 * in order and settling promises after each.
 */
import type { TailClock } from './tail-engine';

interface Timer {
  at: number;
  seq: number;
  fn: () => void;
}

/** Macrotask boundary: every pending promise reaction has run once this resolves. */
export function flushMicrotasks(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Where a FakeClock starts by default (ms since the epoch). */
export const FAKE_CLOCK_START_MS = Date.UTC(2026, 10, 21, 6, 0, 0);

export class FakeClock implements TailClock {
  private nowMs: number;
  private seq = 0;
  private timers = new Map<number, Timer>();

  constructor(startMs = FAKE_CLOCK_START_MS) {
    this.nowMs = startMs;
  }

  now(): number {
    return this.nowMs;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    this.seq += 1;
    this.timers.set(this.seq, { at: this.nowMs + Math.max(0, ms), seq: this.seq, fn });
    return this.seq;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Delays of the timers waiting now, soonest first (e.g. to read a backoff). */
  pendingDelays(): number[] {
    return [...this.timers.values()].map((timer) => timer.at - this.nowMs).sort((a, b) => a - b);
  }

  /** Moves time forward, running due timers in order and settling promises after each. */
  async advance(ms: number): Promise<void> {
    const end = this.nowMs + ms;
    await flushMicrotasks();
    for (;;) {
      let next: Timer | undefined;
      for (const timer of this.timers.values()) {
        if (timer.at > end) continue;
        if (!next || timer.at < next.at || (timer.at === next.at && timer.seq < next.seq)) {
          next = timer;
        }
      }
      if (!next) break;
      this.timers.delete(next.seq);
      this.nowMs = Math.max(this.nowMs, next.at);
      next.fn();
      await flushMicrotasks();
    }
    this.nowMs = end;
    await flushMicrotasks();
  }
}
