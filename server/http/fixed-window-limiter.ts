/**
 * At most `limit` events per key in fixed windows: a key's first event opens a window of
 * `windowMs`, and once `limit` events are in it, further ones are refused until it ends. In
 * memory, per process; the failed-auth limiter (decision 011) and test sends both count with it.
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; events: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts an event for `key` if the window has room and answers 0; otherwise counts nothing and
   * answers the whole seconds (at least 1) until the window ends.
   */
  take(key: string): number {
    const now = this.now();
    const window = this.current(key, now);
    if (!window) {
      this.windows.set(key, { start: now, events: 1 });
      // Keys are addresses or users: sweeping now and then keeps a flood of new ones bounded.
      if (this.windows.size > 10_000) this.sweep(now);
      return 0;
    }
    if (window.events < this.limit) {
      window.events += 1;
      return 0;
    }
    return Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
  }

  private current(key: string, now: number): { start: number; events: number } | undefined {
    const window = this.windows.get(key);
    if (window && now - window.start >= this.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.start >= this.windowMs) this.windows.delete(key);
    }
  }
}
